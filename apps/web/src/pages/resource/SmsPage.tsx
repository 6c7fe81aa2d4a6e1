import { smsEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { useCan } from '../../stores/menu-store';
import { EnableAction } from './EnableAction';
import { SmsSendDialog } from './SmsSendDialog';

export default function SmsPage() {
  const { t } = useTranslation();
  const canSend = useCan('sms_send');
  const [sending, setSending] = useState<{ code: string | null } | null>(null);
  return (
    <>
      <EntityPage
        entity={smsEntity}
        dialogWidth={760}
        toolbarExtra={canSend && <Button onClick={() => setSending({ code: null })}>{t('resource.smsSend')}</Button>}
        rowActions={(row) => (
          <>
            <EnableAction entity={smsEntity} row={row} />
            {canSend && <Button type="link" size="small" onClick={() => setSending({ code: String(row.smsCode) })}>{t('resource.smsSend')}</Button>}
          </>
        )}
      />
      {sending && <SmsSendDialog code={sending.code} onClose={() => setSending(null)} />}
    </>
  );
}
