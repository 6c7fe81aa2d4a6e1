import { fill, MSG, userEntity, type DictField } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { useDictOptions } from '../../entity/use-options';

interface Props {
  /** The user whose platform is set, or null when the dialog is closed. */
  user: Row | null;
  onClose: () => void;
  onDone: () => void;
}

interface PlatformDetail {
  userType?: number | string | null;
  userExt?: string | null;
  platforms?: { userType: number; userExt: string | null }[];
}

/** The longest extension the server keeps. */
const EXT_MAX = 4000;

/**
 * A user's platform (`userType`) and that platform's extension (`userExt`), read from
 * `platform-detail` and saved by `update-platform`; choosing another platform shows its own extension.
 */
export function UserPlatformModal({ user, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userType?: string; userExt?: string }>();
  const types = useDictOptions(userEntity.fields.userType as DictField, i18n.language);
  const id = user ? String(user.id) : '';
  const client = useQueryClient();
  const queryKey = ['user-platform', id];
  const detail = useQuery({ queryKey, enabled: !!user, queryFn: () => getData<PlatformDetail>('/blade-user/platform-detail', { id }) });
  const stored = detail.data;
  // Set once the form is there: a form whose fields left with the last dialog keeps their old values
  // over new initial values.
  useEffect(() => {
    if (stored) form.setFieldsValue({ userType: String(stored.userType ?? '1'), userExt: stored.userExt ?? '' });
  }, [stored, form]);
  // Read afresh each time the dialog opens: the form starts from what is stored now.
  const close = (after: () => void) => {
    client.removeQueries({ queryKey });
    after();
  };

  const onTypeChange = (type: string) => {
    const stored = detail.data?.platforms?.find((p) => String(p.userType) === type);
    form.setFieldValue('userExt', stored?.userExt ?? '');
  };
  const onOk = async () => {
    if (!detail.data) return;
    const values = await form.validateFields();
    await postData('/blade-user/update-platform', { userId: id, userType: Number(values.userType), userExt: values.userExt ?? '' });
    void message.success(t('crud.opSuccess'));
    close(onDone);
  };
  const name = String(user?.realName ?? user?.account ?? '');
  return (
    <Modal open={!!user} title={t('admin.platformTitle', { name })} onCancel={() => close(onClose)} width={560}
      onOk={() => void onOk().catch(() => undefined)} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Spin spinning={detail.isFetching}>
        {detail.data && (
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="userType" label={t('admin.userType')} rules={[{ required: true, message: fill(MSG.requiredChoice[i18n.language === 'en' ? 'en' : 'zh'], { label: t('admin.userType') }) }]}>
              <Select options={(types.data ?? []).map((o) => ({ label: o.title, value: o.value }))} onChange={onTypeChange} />
            </Form.Item>
            <Form.Item name="userExt" label={t('admin.userExt')} extra={t('admin.userExtHint')} rules={[{ max: EXT_MAX, message: t('admin.userExtTooLong') }]}>
              <Input.TextArea rows={5} />
            </Form.Item>
          </Form>
        )}
      </Spin>
    </Modal>
  );
}
