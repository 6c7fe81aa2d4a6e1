import { App, Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import { useSourceOptions } from '../../entity/use-options';

interface Props {
  userIds: string[];
  onClose: () => void;
  onDone: () => void;
}

/** Gives the selected users roles (`/blade-user/grant`). */
export function UserRoleModal({ userIds, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { data } = useSourceOptions({ url: '/blade-system/role/tree', shape: 'tree' }, i18n.language);
  const [roles, setRoles] = useState<string[]>([]);
  const open = userIds.length > 0;
  useEffect(() => setRoles([]), [open]);
  const onOk = async () => {
    if (roles.length === 0) {
      void message.warning(t('admin.rolesRequired'));
      return;
    }
    await postData('/blade-user/grant', undefined, { userIds: userIds.join(','), roleIds: roles.join(',') });
    void message.success(t('crud.opSuccess'));
    onDone();
  };
  return (
    <Modal open={open} title={t('admin.grantRoles')} onCancel={onClose} onOk={() => void onOk().catch(() => undefined)} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <TreeSelect<string[]> aria-label={t('admin.roles')} treeData={data ?? []} value={roles} onChange={(v) => setRoles(v ?? [])} multiple treeDefaultExpandAll style={{ width: '100%' }} placeholder={t('admin.rolesRequired')} />
    </Modal>
  );
}
