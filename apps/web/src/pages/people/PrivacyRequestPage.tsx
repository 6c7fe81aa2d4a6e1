import { PRIVACY_KIND, PRIVACY_STEPS, PRIVACY_STATE, privacyRequestEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';

/**
 * 隐私权请求 (PIPL art. 44–47): the requests alumni make in the portal, soonest deadline first; staff
 * move each on in the edit form (处理中, 已完成, or 已驳回 with an opinion). A deletion is completed by
 * 执行匿名化, which asks first: it erases the alumnus's personal data for good.
 */
export default function PrivacyRequestPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const anonymise = (row: Row) => modal.confirm({
    title: t('privacy.anonymiseTitle'),
    content: t('privacy.anonymiseBody', { name: String(row.alumniName ?? row.alumniId ?? '') }),
    okText: t('privacy.ok'), cancelText: t('privacy.cancel'), okButtonProps: { danger: true },
    onOk: async () => {
      await postData(`${privacyRequestEntity.api?.base}/submit`, { id: row.id, state: PRIVACY_STATE.done, anonymise: 1 });
      void message.success(t('privacy.anonymised'));
      await client.invalidateQueries({ queryKey: entityKey(privacyRequestEntity) });
    },
  });
  return (
    <EntityPage
      entity={privacyRequestEntity}
      dialogWidth={720}
      rowActions={(row) => !!buttons.privacyrequest_edit && String(row.kind) === PRIVACY_KIND.deletion
        && (PRIVACY_STEPS[Number(row.state)] ?? []).includes(PRIVACY_STATE.done) && (
        <Button type="link" size="small" danger onClick={() => anonymise(row)}>{t('privacy.anonymise')}</Button>
      )}
    />
  );
}
