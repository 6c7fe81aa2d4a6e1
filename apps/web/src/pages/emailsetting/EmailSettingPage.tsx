import { emailSettingEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { useCan } from '../../stores/menu-store';
import { MailTestDialog } from './MailTestDialog';
import { PublicBaseCard } from './PublicBaseCard';

export default function EmailSettingPage() {
  const { t } = useTranslation();
  const canTest = useCan('emailsetting_test');
  const canEdit = useCan('emailsetting_edit');
  const [testing, setTesting] = useState<string | null>(null);
  return (
    <>
      <PublicBaseCard canEdit={canEdit} />
      <EntityPage
        entity={emailSettingEntity}
        dialogWidth={760}
        rowActions={(row) => canTest && <Button type="link" size="small" onClick={() => setTesting(row.id)}>{t('resource.mailTest')}</Button>}
      />
      {testing && <MailTestDialog settingId={testing} onClose={() => setTesting(null)} />}
    </>
  );
}
