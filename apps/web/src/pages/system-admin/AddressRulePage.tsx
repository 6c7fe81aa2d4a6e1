import { addressRuleEntity } from '@alumni/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';

/** 访问地址规则: the platform's or the tenant's address allow/deny rules (decision 290). */
export default function AddressRulePage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon title={t('admin.addressRuleHint')} style={{ marginBottom: 12 }} />
      <EntityPage entity={addressRuleEntity} dialogWidth={760} />
    </>
  );
}
