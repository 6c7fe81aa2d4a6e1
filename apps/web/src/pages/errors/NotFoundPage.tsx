import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div style={{ paddingTop: 80 }}>
      <ErrorResult status="404" text={t('page.notFound')} />
    </div>
  );
}
