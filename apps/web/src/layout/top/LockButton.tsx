import LockOutlined from '@ant-design/icons/LockOutlined';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { appConfig } from '../../config';
import { useLockStore } from '../../stores/lock-store';

/** Locks the screen; without a lock password the password dialog comes first. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lockNow = () => {
    useLockStore.getState().lock(`${pathname}${search}`);
    void navigate(appConfig.lockPath);
  };
  const onClick = () => {
    if (useLockStore.getState().password) lockNow();
    else setOpen(true);
  };
  const submit = async () => {
    const { password } = await form.validateFields();
    useLockStore.getState().setPassword(password);
    setOpen(false);
    form.resetFields();
    lockNow();
  };

  return (
    <>
      <Tooltip title={t('shell.top.lock')}>
        <Button type="text" className="top-icon" aria-label={t('shell.top.lock')} icon={<LockOutlined />} onClick={onClick} />
      </Tooltip>
      <Modal title={t('shell.lock.title')} open={open} onCancel={() => setOpen(false)} onOk={() => void submit()} okText={t('shell.lock.submit')} cancelText={t('crud.cancel')} width={420}>
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="password" label={t('shell.lock.password')} rules={[{ required: true, message: t('shell.lock.required') }]}>
            <Input.Password autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
