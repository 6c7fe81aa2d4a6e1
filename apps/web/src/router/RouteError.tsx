import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { recordError } from '../lib/client-log';
import { ChunkTimeoutError } from '../lib/with-timeout';

/** Shown when a page fails to load (including the 120 s chunk time-out) or throws. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    // What the error boundary caught is an interface error too: it goes to the log dialog.
    if (error instanceof Error) recordError(error, 'error boundary');
  }, [error]);
  const text = error instanceof ChunkTimeoutError
    ? t('page.chunkTimeout')
    : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('page.loadFailed');
  return (
    <div className="route-error" role="alert">
      <h2>{text}</h2>
      {error instanceof Error && !(error instanceof ChunkTimeoutError) && <p>{error.message}</p>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('page.reload')}
      </Button>
    </div>
  );
}
