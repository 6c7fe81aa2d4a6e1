import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMyDepts, fetchMyRoles, switchDeptRole } from '../../api/shell';
import { useSessionStore } from '../../stores/session-store';
import { useTabsStore } from '../../stores/tabs-store';
import { reloadMenus } from '../load-menus';

interface Choice {
  deptId: string;
  roleId: string;
}

/** Department and role switch: a token for the chosen pair, then the menus of that role and home. */
export default function SwitchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Choice>();
  const [busy, setBusy] = useState(false);
  const depts = useQuery({ queryKey: ['my-depts'], queryFn: fetchMyDepts });
  const roles = useQuery({ queryKey: ['my-roles'], queryFn: fetchMyRoles });

  const submit = async ({ deptId, roleId }: Choice) => {
    const { refreshToken, tenantId } = useSessionStore.getState();
    setBusy(true);
    try {
      useSessionStore.getState().signIn(await switchDeptRole(refreshToken, tenantId, deptId, roleId));
      await reloadMenus();
      useTabsStore.getState().clear();
      void message.success(t('crud.opSuccess'));
      onClose();
      await navigate('/');
    } catch {
      // The HTTP layer showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('shell.switch.title')} onCancel={onClose} footer={null} width={420} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="deptId" label={t('shell.switch.dept')} rules={[{ required: true, message: t('shell.switch.deptRequired') }]}>
          <Select loading={depts.isLoading} options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))} placeholder={t('shell.switch.deptRequired')} />
        </Form.Item>
        <Form.Item name="roleId" label={t('shell.switch.role')} rules={[{ required: true, message: t('shell.switch.roleRequired') }]}>
          <Select loading={roles.isLoading} options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))} placeholder={t('shell.switch.roleRequired')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>{t('shell.switch.submit')}</Button>
      </Form>
    </Modal>
  );
}
