import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { ENABLE_STATUS, examineForbids, formDefaults, permissionCodes, type EntityDef } from '@alumni/domain';
import { App, Button, Popover, Space, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { downloadFile, http } from '../api/http';
import { appConfig } from '../config';
import { useMenuStore } from '../stores/menu-store';
import type { QueryParams, Row } from './entity-api';
import { entityColumns, sortableFields, sortedColumns } from './entity-columns';
import type { EntityPageProps } from './entity-page-props';
import './entity-page.css';
import './phone-layout.css';
import { EntityFormModal, type RelatedSection } from './EntityFormModal';
import { ImportDialog } from './excel/ImportDialog';
import { asLang } from './field-text';
import { BulkIdsButtons } from './BulkIdsButtons';
import { SegmentBar } from './segments/SegmentBar';
import { applyColumnSettings, priorityColumns } from './column-settings';
import { ColumnSettings } from './ColumnSettings';
import { RowActions } from './RowActions';
import { SearchForm } from './SearchForm';
import { sortParams, toQueryParams, VIEW_PARAM, type SearchValues } from './search-params';
import { submitBody, useEntityDialog } from './use-entity-dialog';
import { useEntityList } from './use-entity-list';
import { useListSettings } from './use-list-settings';
import { nextSort, useListView } from './use-list-view';
import { usePhone } from './use-phone';
import { useEntityTree } from './use-entity-tree';
import { useEntityWrites } from './use-entity-writes';
import { useRestrictedEntity } from './use-field-rules';

/** A list page generated from an entity definition: search, table, paging and the add/edit/view dialog. */
export function EntityPage(props: EntityPageProps) {
  const { listPath, extraParams, presetValues = {}, enabled = true } = props;
  // The fields hidden from the user are left out and the read-only ones shown only (decisions 320–322).
  const entity = useRestrictedEntity(props.entity);
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { modal, message } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const codes = permissionCodes(props.buttonMenu ? ({ permission: props.buttonMenu } as EntityDef) : entity);
  const can = {
    add: !!buttons[codes.add], edit: !!buttons[codes.edit], remove: !!buttons[codes.remove], view: !!buttons[codes.view] && entity.viewButton !== false,
    export: !!entity.excel?.export && !!buttons[codes.export],
    import: !!entity.excel?.import && !!buttons[codes.import],
    enable: !!entity.api?.enable && !!buttons[codes.enable],
  };
  const examiner = !!entity.examine && !!buttons[`${entity.examine.menu}_examine`];
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  // The list's filters, page, size and sort live in the page's address (decision 326).
  const [fullAddress, setAddress] = useSearchParams();
  // Values a link fills into a new record are taken out of the address before it is read as filters.
  const prefill = props.prefillFromAddress;
  const prefilled = useMemo(() => Object.fromEntries((prefill ?? []).flatMap((k) => {
    const v = fullAddress.get(k);
    return v === null || v === '' ? [] : [[k, v]];
  })), [prefill, fullAddress]);
  // A link may open one record's view (`?view=<id>`, the bell's entries); it is no filter.
  const viewId = fullAddress.get(VIEW_PARAM);
  const sortable = useMemo(() => sortableFields(entity, props.columns), [entity, props.columns]);
  const [view, setView] = useListView(entity, {
    only: props.searchFields, defaultSize: appConfig.defaultPageSize, sizes: appConfig.pageSizes, sortable,
  }, props.keepInAddress !== false, [...(prefill ?? []), VIEW_PARAM]);
  const search = useMemo(() => toQueryParams(entity, view.values), [entity, view.values]);
  const searchKey = JSON.stringify(search);
  // Column settings are the user's own, per list: the page's route and the list's entity and call (decision 327).
  const { pathname } = useLocation();
  const listSettings = useListSettings(`${pathname}#${entity.name}${listPath ? `:${listPath}` : ''}`);
  const [searchExpanded, setSearchExpanded] = useState<boolean | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const filters = useMemo(() => ({ ...search, ...sortParams(view.sort), ...extraParams }), [search, view.sort, extraParams]);
  // A tree entity shows its tree while nothing is searched; a search lists every level's matches, paged.
  const treeMode = !!props.treeLevelPath && Object.values(search).every((v) => v === undefined || v === '');
  const list = useEntityList({ entity, listPath, current: view.current, size: view.size, filters, enabled: enabled && !treeMode, refreshWhile: props.refreshWhile });
  const tree = useEntityTree(entity, props.treeLevelPath ?? 'lazy-list', extraParams ?? {}, enabled && treeMode);
  const writes = useEntityWrites(entity);
  const related = props.addRelated;
  const addPresets = useMemo(() => (related ? { ...formDefaults(related.entity), ...presetValues } : presetValues), [related, presetValues]);
  const dialog = useEntityDialog(entity, addPresets);

  const { openAdd } = dialog;
  useEffect(() => {
    if (props.addRequest) openAdd(props.addRequest.values);
  }, [props.addRequest, openAdd]);
  useEffect(() => {
    if (Object.keys(prefilled).length === 0) return;
    if (can.add) openAdd(prefilled);
    setAddress((a) => {
      const next = new URLSearchParams(a);
      for (const k of Object.keys(prefilled)) next.delete(k);
      return next;
    }, { replace: true });
  }, [prefilled, can.add, openAdd, setAddress]);

  const { openRow: openRowDialog } = dialog;
  const { detail } = writes;
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!viewId || viewed.current === viewId) {
      viewed.current = viewId;
      return;
    }
    viewed.current = viewId;
    // Opened once: the id leaves the address, so going back or reloading does not open it again.
    void detail(viewId).then((row) => openRowDialog('view', row)).catch(() => undefined);
    setAddress((a) => {
      const next = new URLSearchParams(a);
      next.delete(VIEW_PARAM);
      return next;
    }, { replace: true });
  }, [viewId, detail, openRowDialog, setAddress]);

  const onSearch = (values: SearchValues) => setView({ values, current: 1 });

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
    const errors = await writes.submit(related && !dialog.row ? withRelated(entity, related, presetValues, values) : submitBody(entity, dialog.row, presetValues, values));
    if (errors === null) dialog.close();
    else return errors;
  };

  // 启用 / 停用 of an entity with the calls (`api.enable`): the row's status turns, the list is read again.
  const toggle = async (row: Row) => {
    const action = Number(row.status) === ENABLE_STATUS.disabled ? 'enable' : 'disable';
    await http.put(`${entity.api!.base}/${action}`, undefined, { params: { id: row.id } });
    void message.success(t('crud.opSuccess'));
    await writes.refresh();
  };

  const phone = usePhone();
  const rowActions = (row: Row, vertical: boolean) => {
    // A row whose examination forbids a change (an approved registration) offers no button for it.
    const forbids = examineForbids(entity.examine, row, examiner);
    return (
      <RowActions
        vertical={vertical}
        canView={can.view}
        canEdit={can.edit && !forbids.edit}
        canDelete={can.remove && !forbids.remove}
        onView={() => void openRow('view', row).catch(() => undefined)}
        onEdit={() => void openRow('edit', row).catch(() => undefined)}
        onDelete={() => confirmRemove([row.id])}
        extra={(
          <>
            {can.enable && (
              <Button type="link" size="small" onClick={() => void toggle(row).catch(() => undefined)}>
                {t(Number(row.status) === ENABLE_STATUS.disabled ? 'crud.enable' : 'crud.disable')}
              </Button>
            )}
            {props.rowActions?.(row)}
          </>
        )}
      />
    );
  };
  // On a phone a row's actions wait behind its ⋯ button (decision 328).
  const actions: TableColumnType<Row> = phone
    ? {
        key: 'actions',
        title: t('crud.actions'),
        width: 64,
        align: 'center',
        render: (_, row) => (
          <Popover trigger="click" placement="bottomRight" content={rowActions(row, true)}>
            <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('crud.rowActions')} onClick={(e) => e.stopPropagation()} />
          </Popover>
        ),
      }
    : { key: 'actions', title: t('crud.actions'), fixed: 'right', width: 190, render: (_, row) => rowActions(row, false) };
  const dataColumns = [...sortedColumns(entityColumns(entity, lang, t, props.columns, props.cellText), sortable, view.sort), ...(props.extraColumns ?? [])];
  const shownColumns = applyColumnSettings(dataColumns, listSettings.columns);
  const columns = [...(phone ? priorityColumns(shownColumns) : shownColumns), actions];
  const data = list.data;

  return (
    <section className="entity-page" aria-label={props.regionLabel ?? entity.label[lang]}>
      {props.title && <div className="entity-title">{props.title}</div>}
      <SearchForm key={searchKey} entity={entity} only={props.searchFields} initialValues={view.values} onSearch={onSearch}
        expanded={searchExpanded} onExpandedChange={setSearchExpanded} />
      <Space className="entity-toolbar" wrap>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.openAdd()} disabled={props.addDisabled}>
            {t('crud.add')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected)}>
            {t('crud.delete')}
          </Button>
        )}
        {can.import && entity.api && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>{t('excel.import')}</Button>
        )}
        {can.export && entity.api && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => {
            setExporting(true);
            // Exactly the list's filters: the file holds what the table shows, every page of it.
            void downloadFile(`${entity.api!.base}/export`, filters).catch(() => undefined).finally(() => setExporting(false));
          }}>
            {t('crud.export')}
          </Button>
        )}
        {can.edit && <BulkIdsButtons entity={entity} selected={selected} onDone={() => setSelected([])} />}
        {entity.segments && <SegmentBar entity={entity} filters={search} onApply={(query) => setAddress(new URLSearchParams(query))} />}
        {typeof props.toolbarExtra === 'function' ? props.toolbarExtra(selected) : props.toolbarExtra}
        {listSettings.enabled && (
          <ColumnSettings columns={dataColumns} saved={listSettings.columns} onChange={listSettings.save} onReset={() => void listSettings.reset().catch(() => undefined)} />
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={!enabled ? [] : treeMode ? tree.rows : (data?.records ?? [])}
        loading={enabled && (treeMode ? tree.loading : list.isFetching)}
        expandable={treeMode ? { expandedRowKeys: tree.expanded, onExpand: tree.onExpand } : undefined}
        scroll={phone ? undefined : { x: 'max-content' }}
        tableLayout={phone ? 'fixed' : undefined}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        rowClassName={(row) => (row.id === props.activeRowId ? 'entity-row-active' : '')}
        onRow={(row) => ({ onClick: () => props.onRowClick?.(row) })}
        onChange={(_paging, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          // The next sort follows the list's own, not the table's: a second click may reach a table
          // not yet showing the first. A column sorts ascending, then descending, then not at all.
          const field = sorter.columnKey === undefined ? null : String(sorter.columnKey);
          setView((current) => ({ current: 1, sort: nextSort(current.sort, field) }));
        }}
        pagination={treeMode ? false : {
          current: view.current,
          pageSize: view.size,
          total: enabled ? (data?.total ?? 0) : 0,
          showSizeChanger: !phone,
          simple: phone,
          pageSizeOptions: appConfig.pageSizes.map(String),
          showTotal: (total) => t('crud.total', { total }),
          onChange: (current, size) => setView((shown) => ({ current: size === shown.size ? current : 1, size })),
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
        related={related}
        viewTabs={props.viewTabs}
        sections={props.formSections}
        formOnly={props.formOnlyFields}
      />
      {can.import && <ImportDialog entity={entity} open={importing} onClose={() => setImporting(false)} />}
    </section>
  );
}

/** A new row's body with its related record: the related fields leave the row for a one-element list. */
function withRelated(entity: EntityDef, related: RelatedSection, presets: Record<string, unknown>, values: Record<string, unknown>) {
  const own = Object.fromEntries(Object.entries(values).filter(([k]) => !related.fields.includes(k)));
  const record = Object.fromEntries(related.fields.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
  return { ...submitBody(entity, null, presets, own), [related.key]: [record] };
}
