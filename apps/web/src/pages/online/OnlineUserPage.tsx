import { PLATFORM_TENANT, type OnlineSessionView } from '@alumni/domain';
import { App, Button, Flex, Form, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';

type Session = OnlineSessionView;
interface Filters { account?: string; address?: string; tenantId?: string }
interface Page { records: Session[]; total: number }

const SEARCH_MAX = 64;

/**
 * 在线用户 (decision 287): every live staff session with its user, tenant, address, client, sign-in
 * time and last activity, searched by account, address and (for the platform) tenant; a session, or
 * every session of its user, forced out after a confirmation. The caller's own session is marked and
 * cannot be forced out here, alone or with the user's others (signing out does that).
 */
export default function OnlineUserPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const platform = useSessionStore((s) => s.tenantId) === PLATFORM_TENANT;
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [page, setPage] = useState<Page>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await getData<Page>('/blade-system/online-user/list', { ...paging, ...filters }));
    } finally {
      setLoading(false);
    }
  }, [paging, filters]);

  useEffect(() => { void load(); }, [load]);

  const forceOut = (session: Session, all: boolean) => {
    modal.confirm({
      title: t(all ? 'online.logoutAllConfirm' : 'online.logoutConfirm', { account: session.account }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const done = all
          ? await postData<{ ended: number }>('/blade-system/online-user/logout-user', undefined, { userId: session.userId })
          : await postData<{ ended: number }>('/blade-system/online-user/logout', undefined, { id: session.id });
        void message.success(t('online.loggedOut', { count: done.ended }));
        await load();
      },
    });
  };

  const columns: ColumnsType<Session> = [
    {
      title: t('online.account'), dataIndex: 'account', width: 150,
      render: (account: string, s) => (
        <Space size={4}>
          <span data-testid="online-account">{account}</span>
          {s.current && <Tag color="blue" data-testid="online-current">{t('online.current')}</Tag>}
        </Space>
      ),
    },
    { title: t('online.realName'), dataIndex: 'realName', width: 120 },
    { title: t('online.tenant'), key: 'tenant', width: 200, render: (_, s) => `${s.tenantId}${s.tenantName ? ` ${s.tenantName}` : ''}` },
    { title: t('online.address'), dataIndex: 'address', width: 140 },
    { title: t('online.client'), dataIndex: 'clientId', width: 110 },
    {
      title: t('online.userAgent'), dataIndex: 'userAgent', width: 200, ellipsis: true,
      render: (ua: string | null) => (ua ? <Tooltip title={ua}><span>{ua}</span></Tooltip> : '—'),
    },
    { title: t('online.loginTime'), dataIndex: 'loginTime', width: 170 },
    { title: t('online.lastActive'), dataIndex: 'lastActiveTime', width: 170 },
    { title: t('online.expireTime'), dataIndex: 'expireTime', width: 170 },
    {
      title: t('online.actions'), key: 'actions', width: 240, fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          {buttons.online_user_logout && !s.current && (
            <Button type="link" size="small" danger data-testid="online-logout" onClick={() => forceOut(s, false)}>{t('online.logout')}</Button>
          )}
          {buttons.online_user_logout_all && !s.current && (
            <Button type="link" size="small" danger onClick={() => forceOut(s, true)}>{t('online.logoutAll')}</Button>
          )}
        </Space>
      ),
    },
  ];

  const tooLong = { max: SEARCH_MAX, message: t('online.tooLong', { max: SEARCH_MAX }) };
  return (
    <Flex vertical gap={12}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          const next: Filters = {};
          for (const key of ['account', 'address', 'tenantId'] as const) {
            const value = values[key]?.trim();
            if (value) next[key] = value;
          }
          setFilters(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="account" label={t('online.account')} rules={[tooLong]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="address" label={t('online.address')} rules={[tooLong]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        {platform && (
          <Form.Item name="tenantId" label={t('online.tenantId')} rules={[{ pattern: /^\d{1,12}$/, message: t('online.tenantForm') }]}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">{t('online.search')}</Button>
            <Button onClick={() => { form.resetFields(); setFilters({}); setPaging((p) => ({ ...p, current: 1 })); }}>{t('online.reset')}</Button>
            <Button onClick={() => void load()}>{t('online.refresh')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('online.total', { total: page.total })}</Typography.Text>
      <Table<Session>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page.records}
        scroll={{ x: 1700 }}
        pagination={{
          current: paging.current, pageSize: paging.size, total: page.total, showSizeChanger: true,
          showTotal: (total) => t('online.total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </Flex>
  );
}
