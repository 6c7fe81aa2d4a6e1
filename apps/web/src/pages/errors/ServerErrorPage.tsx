import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <div style={{ paddingTop: 80 }}>
      <ErrorResult status="500" text={t('page.serverError')} />
    </div>
  );
}
