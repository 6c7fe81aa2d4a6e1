import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

/** A menu whose page is not part of the product yet. */
export function NotBuiltPage() {
  const { t } = useTranslation();
  return <ErrorResult status="404" text={t('page.notBuilt')} />;
}
