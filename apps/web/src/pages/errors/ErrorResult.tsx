import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** An error page: status picture, text and a way home. */
export function ErrorResult({ status, text }: { status: ResultStatusType; text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={typeof status === 'number' || /^\d+$/.test(String(status)) ? String(status) : undefined}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('page.backHome')}
        </Button>
      }
    />
  );
}
