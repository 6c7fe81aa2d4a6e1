import BugOutlined from '@ant-design/icons/BugOutlined';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../config';
import { useLogStore } from '../../stores/log-store';

const LogDialog = lazy(() => import('./LogDialog'));

/** The recorded interface errors: a badge with their count (at most 99 shown) opening the log dialog. */
export function LogButton() {
  const { t } = useTranslation();
  const count = useLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.top.logs')}>
        <Badge count={count} overflowCount={appConfig.logBadgeMax} size="small" className="log-badge">
          <Button type="text" className="top-icon" aria-label={t('shell.top.logs')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <LogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
