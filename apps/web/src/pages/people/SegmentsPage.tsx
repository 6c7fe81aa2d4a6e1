import { SEGMENT_NAME_MAX, entityByName, permissionCodes, type SegmentView } from '@alumni/domain';
import { App, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../../api/menu';
import { appConfig } from '../../config';
import { useSegmentCount, useSegments, useSegmentWrites } from '../../entity/segments/segment-api';
import { asLang } from '../../entity/field-text';
import { useMenuStore } from '../../stores/menu-store';

/** The path of the menu whose code is given, searched through the user's menu tree. */
function menuPath(menus: readonly MenuNode[], code: string): string | null {
  for (const m of menus) {
    if (m.code === code) return m.path;
    const below = menuPath(m.children ?? [], code);
    if (below) return below;
  }
  return null;
}

/** A segment's live member count, read for its row. */
function MemberCount({ id }: { id: string }) {
  const { data, isLoading, isError } = useSegmentCount(id);
  if (isLoading) return <span aria-busy="true">…</span>;
  if (isError || !data) return <span>—</span>;
  return <span data-testid={`segment-count-${id}`}>{data.memberCount.toLocaleString()}</span>;
}

/**
 * 分群管理: the caller's segments and those shared in the tenant, with live member counts (in the
 * caller's data scope); a segment opens its list with its search; its owner renames, shares or
 * stops sharing it, and deletes it after a confirmation.
 */
export default function SegmentsPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const menus = useMenuStore((s) => s.menus);
  const [name, setName] = useState('');
  const [searched, setSearched] = useState('');
  const [page, setPage] = useState<{ current: number; size: number }>({ current: 1, size: appConfig.defaultPageSize });
  const { data, isFetching } = useSegments({ name: searched || undefined, current: page.current, size: page.size });
  const { save, remove } = useSegmentWrites();
  const [renaming, setRenaming] = useState<SegmentView | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const open = (s: SegmentView) => {
    const path = menuPath(menus, permissionCodes(entityByName(s.entity)).menu);
    if (path) void navigate(`${path}?${new URLSearchParams(s.query).toString()}`);
  };
  const confirmRemove = (s: SegmentView) => modal.confirm({
    title: t('crud.tip'),
    content: t('segment.removeConfirm', { name: s.name }),
    okText: t('crud.ok'),
    cancelText: t('crud.cancel'),
    onOk: async () => {
      await remove(s.id);
      void message.success(t('segment.removed'));
    },
  });
  const rename = async () => {
    if (!renaming) return;
    const values = await form.validateFields();
    await save({ id: renaming.id, name: values.name.trim() });
    void message.success(t('segment.renamed'));
    setRenaming(null);
  };

  const columns: TableColumnType<SegmentView>[] = [
    { key: 'name', title: t('segment.name'), dataIndex: 'name' },
    { key: 'entity', title: t('segment.segment'), render: (_, s) => entityByName(s.entity).label[lang] },
    { key: 'members', title: t('segment.members'), align: 'right', render: (_, s) => <MemberCount id={s.id} /> },
    { key: 'shared', title: t('segment.visibility'), render: (_, s) => (s.shared ? <Tag color="blue">{t('segment.sharedTag')}</Tag> : <Tag>{t('segment.private')}</Tag>) },
    { key: 'owner', title: t('segment.owner'), dataIndex: 'ownerName' },
    { key: 'createTime', title: t('segment.createTime'), dataIndex: 'createTime' },
    {
      key: 'actions', title: t('crud.actions'), render: (_, s) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open(s)}>{t('segment.open')}</Button>
          {s.mine && (
            <>
              <Button type="link" size="small" onClick={() => setRenaming(s)}>{t('segment.rename')}</Button>
              <Button type="link" size="small" onClick={() => void save({ id: s.id, shared: !s.shared }).catch(() => undefined)}>
                {t(s.shared ? 'segment.unshare' : 'segment.share')}
              </Button>
              <Button type="link" size="small" danger onClick={() => confirmRemove(s)}>{t('segment.remove')}</Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section className="entity-page" aria-label={t('segment.segment')}>
      <Space className="entity-toolbar" wrap>
        <Input
          aria-label={t('segment.searchName')}
          placeholder={t('segment.searchName')}
          value={name}
          allowClear
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => { setSearched(name.trim()); setPage((p) => ({ ...p, current: 1 })); }}
        />
        <Button type="primary" onClick={() => { setSearched(name.trim()); setPage((p) => ({ ...p, current: 1 })); }}>{t('segment.search')}</Button>
        <Button onClick={() => { setName(''); setSearched(''); setPage((p) => ({ ...p, current: 1 })); }}>{t('segment.reset')}</Button>
      </Space>
      <Table<SegmentView>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        locale={{ emptyText: t('segment.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: appConfig.pageSizes.map(String),
          showTotal: (total) => t('crud.total', { total }),
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
      />
      <Modal open={!!renaming} title={t('segment.rename')} onOk={() => void rename().catch(() => undefined)} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Form form={form} layout="vertical" key={renaming?.id} initialValues={{ name: renaming?.name }}>
          <Form.Item name="name" label={t('segment.name')} rules={[{ required: true, whitespace: true, message: t('segment.nameRequired') }, { max: SEGMENT_NAME_MAX }]}>
            <Input maxLength={SEGMENT_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
