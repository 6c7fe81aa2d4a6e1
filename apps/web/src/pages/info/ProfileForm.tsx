import type { Lang } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMyInfo, updateInfo, type ProfileForm as Profile } from '../../api/shell';
import { useSessionStore } from '../../stores/session-store';
import { ImageUpload } from '../../entity/inputs/ImageUpload';
import { useFormSubmit } from './use-form-submit';
import { emailRule, mobileRule } from './validator-rules';

/** Tab 1: avatar, real name, name, phone and e-mail of the signed-in user. */
export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<Profile>();
  const info = useQuery({ queryKey: ['my-info'], queryFn: fetchMyInfo, staleTime: 0 });

  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data);
  }, [info.data, form]);

  const { busy, submit } = useFormSubmit(async (values: Profile) => {
    await updateInfo(values);
    const session = useSessionStore.getState();
    if (session.user) {
      useSessionStore.setState({ user: { ...session.user, realName: values.realName, avatar: values.avatar ?? '' } });
    }
    await info.refetch();
  });

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} style={{ maxWidth: 520 }} onFinish={(v) => void submit(v)}>
      <Form.Item name="avatar" label={t('shell.info.avatar')} extra={t('shell.info.avatarHint')}>
        <ImageUpload />
      </Form.Item>
      <Form.Item name="realName" label={t('shell.info.realName')} rules={[{ required: true, message: t('crud.inputPlaceholder', { label: t('shell.info.realName') }) }, { max: 10 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label={t('shell.info.name')} rules={[{ required: true, message: t('crud.inputPlaceholder', { label: t('shell.info.name') }) }, { max: 20 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t('shell.info.phone')} rules={[mobileRule(lang)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('shell.info.email')} rules={[emailRule(lang)]}>
        <Input />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={busy}>{t('shell.info.submit')}</Button>
      </Form.Item>
    </Form>
  );
}
