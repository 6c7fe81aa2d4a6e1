import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { permissionCodes } from '@alumni/domain';
import { App, Button, Space, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../config';
import { useMenuStore } from '../stores/menu-store';
import type { QueryParams, Row } from './entity-api';
import { entityColumns } from './entity-columns';
import type { EntityPageProps } from './entity-page-props';
import './entity-page.css';
import { EntityFormModal } from './EntityFormModal';
import { asLang } from './field-text';
import { RowActions } from './RowActions';
import { SearchForm } from './SearchForm';
import { toQueryParams, type SearchValues } from './search-params';
import { submitBody, useEntityDialog } from './use-entity-dialog';
import { useEntityList } from './use-entity-list';
import { useEntityWrites } from './use-entity-writes';

/** A list page generated from an entity definition: search, table, paging and the add/edit/view dialog. */
export function EntityPage(props: EntityPageProps) {
  const { entity, listPath, extraParams, presetValues = {}, enabled = true } = props;
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { modal, message } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const codes = permissionCodes(entity);
  const can = { add: !!buttons[codes.add], edit: !!buttons[codes.edit], remove: !!buttons[codes.remove], view: !!buttons[codes.view] && entity.viewButton !== false };

  const [page, setPage] = useState<{ current: number; size: number }>({ current: 1, size: appConfig.defaultPageSize });
  const [search, setSearch] = useState<QueryParams>({});
  const [selected, setSelected] = useState<string[]>([]);
  const filters = useMemo(() => ({ ...search, ...extraParams }), [search, extraParams]);
  const list = useEntityList({ entity, listPath, current: page.current, size: page.size, filters, enabled });
  const writes = useEntityWrites(entity);
  const dialog = useEntityDialog(entity, presetValues);

  const onSearch = (values: SearchValues) => {
    setSearch(toQueryParams(entity, values));
    setPage((p) => ({ ...p, current: 1 }));
  };

  const openRow = async (mode: 'edit' | 'view', row: Row) => dialog.openRow(mode, await writes.detail(row.id));

  const confirmRemove = (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.confirmDelete'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await writes.remove.mutateAsync(ids);
        setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });
  };

  const onSubmit = async (values: Record<string, unknown>) => {
    const errors = await writes.submit(submitBody(entity, dialog.row, presetValues, values));
    if (errors === null) dialog.close();
    else return errors;
  };

  const actions: TableColumnType<Row> = {
    key: 'actions',
    title: t('crud.actions'),
    fixed: 'right',
    width: 190,
    render: (_, row) => (
      <RowActions
        canView={can.view}
        canEdit={can.edit}
        canDelete={can.remove}
        onView={() => void openRow('view', row).catch(() => undefined)}
        onEdit={() => void openRow('edit', row).catch(() => undefined)}
        onDelete={() => confirmRemove([row.id])}
        extra={props.rowActions?.(row)}
      />
    ),
  };
  const columns = [...entityColumns(entity, lang, t, props.columns), actions];
  const data = list.data;

  return (
    <section className="entity-page" aria-label={props.regionLabel ?? entity.label[lang]}>
      {props.title && <div className="entity-title">{props.title}</div>}
      <SearchForm entity={entity} only={props.searchFields} onSearch={onSearch} />
      <Space className="entity-toolbar" wrap>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openAdd} disabled={props.addDisabled}>
            {t('crud.add')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected)}>
            {t('crud.delete')}
          </Button>
        )}
        {props.toolbarExtra}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={enabled ? (data?.records ?? []) : []}
        loading={enabled && list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        rowClassName={(row) => (row.id === props.activeRowId ? 'entity-row-active' : '')}
        onRow={(row) => ({ onClick: () => props.onRowClick?.(row) })}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: enabled ? (data?.total ?? 0) : 0,
          showSizeChanger: true,
          pageSizeOptions: appConfig.pageSizes.map(String),
          showTotal: (total) => t('crud.total', { total }),
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
      />
      <EntityFormModal
        entity={entity}
        mode={dialog.mode}
        open={dialog.open}
        initial={dialog.initial}
        overrides={props.fieldOverrides}
        width={props.dialogWidth}
        saving={writes.saving}
        onSubmit={onSubmit}
        onClose={dialog.close}
      />
    </section>
  );
}
