import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div style={{ paddingTop: 80 }}>
      <ErrorResult status="403" text={t('page.forbidden')} />
    </div>
  );
}
