import {
  IMPORT_KINDS, type DictionaryConflict, type DuplicateAccount, type ImportKind, type ImportReport, type KindCounts, type Orphan,
  type ParamConflict, type RemovedUser, type ReparentedRole, type SourceTenantLine, type UnknownGrant, type UnmatchedMenu, type UserMissing,
} from '@alumni/domain';
import { Alert, Descriptions, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type CountRow = KindCounts & { kind: ImportKind };

/** A titled list of one kind of finding; nothing when it is empty. */
function Finding<T extends object>({ title, help, rows, columns, rowKey }: {
  title: string; help?: string; rows: T[]; columns: ColumnsType<T>; rowKey: (row: T, index: number) => string;
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{`${title} (${rows.length})`}</Typography.Title>
      {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
      <Table<T> size="small" rowKey={(row) => rowKey(row, rows.indexOf(row))} columns={columns} dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false} scroll={{ x: 'max-content' }} />
    </section>
  );
}

const ids = (list: string[]): ReactNode => (list.length ? list.join(', ') : '—');

/**
 * A dry run's (or a run's) report: what each kind of BladeX row becomes, then every finding that
 * needs a look — menus without a match first.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const counts: CountRow[] = IMPORT_KINDS.map((kind) => ({ kind, ...report.kinds[kind] }));
  const number = (key: keyof KindCounts) => ({ title: t(`bladex.${key}`), dataIndex: key, align: 'right' as const, width: 96 });
  const renumbered = Object.entries(report.renumbered).map(([kind, count]) => ({ kind, count }));
  // Reports kept from before these findings existed lack them.
  const removedUsers = report.removedUsers ?? [];
  const reparentedRoles = report.reparentedRoles ?? [];
  const findings = removedUsers.length + reparentedRoles.length + report.unmatchedMenus.length + report.unknownGrants.length + report.usersWithMissing.length + report.dictionaryConflicts.length
    + report.paramConflicts.length + report.duplicateAccounts.length + report.orphans.length + report.otherTenants.length + report.removedInProduct.length;

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('bladex.source')}>{report.source.database}</Descriptions.Item>
        <Descriptions.Item label={t('bladex.sourceVersion')}>{report.source.domainColumn}</Descriptions.Item>
        <Descriptions.Item label={t('bladex.missingTables')}>{report.source.missingTables.join(', ') || t('bladex.none')}</Descriptions.Item>
      </Descriptions>
      <Table<SourceTenantLine> size="small" rowKey="tenantId" pagination={false} dataSource={report.source.tenants} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.tenantName'), dataIndex: 'tenantName' },
        { title: t('bladex.target'), dataIndex: 'target', render: (target: string | null) => target ?? t('bladex.notImported') },
      ]} />
      <Table<CountRow> size="small" rowKey="kind" pagination={false} dataSource={counts} scroll={{ x: 'max-content' }} columns={[
        { title: t('bladex.kind'), dataIndex: 'kind', render: (kind: ImportKind) => t(`bladex.kinds.${kind}`) },
        number('total'), number('create'), number('update'), number('unchanged'), number('match'), number('skip'), number('deleted'),
      ]} />
      {findings === 0 && <Alert type="success" showIcon title={t('bladex.allClear')} />}
      <Finding<UnmatchedMenu> title={t('bladex.unmatchedMenus')} help={t('bladex.unmatchedMenusHelp')} rows={report.unmatchedMenus} rowKey={(r) => r.id} columns={[
        { title: t('bladex.menuId'), dataIndex: 'id' },
        { title: t('bladex.code'), dataIndex: 'code' },
        { title: t('bladex.name'), dataIndex: 'name' },
        { title: t('bladex.path'), dataIndex: 'path' },
        { title: t('bladex.category'), dataIndex: 'category', render: (c: number | null) => (c === 1 || c === 2 ? t(`bladex.categories.${c}`) : c) },
      ]} />
      <Finding<UnknownGrant> title={t('bladex.unknownGrants')} rows={report.unknownGrants} rowKey={(r, i) => `${r.sourceId}:${i}`} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.role'), key: 'role', render: (_, r) => `${r.roleName ?? ''} (${r.roleAlias ?? ''})` },
        { title: t('bladex.grant'), dataIndex: 'grant', render: (g: UnknownGrant['grant']) => t(`bladex.grantKinds.${g}`) },
        { title: t('bladex.code'), key: 'code', render: (_, r) => r.code ?? r.sourceId },
        { title: t('bladex.reason'), dataIndex: 'reason', render: (reason: UnknownGrant['reason']) => t(`bladex.reasons.${reason}`) },
      ]} />
      <Finding<UserMissing> title={t('bladex.usersWithMissing')} rows={report.usersWithMissing} rowKey={(r) => `${r.tenantId}:${r.account}`} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.account'), dataIndex: 'account' },
        { title: t('bladex.missingDepts'), dataIndex: 'depts', render: ids },
        { title: t('bladex.missingRoles'), dataIndex: 'roles', render: ids },
        { title: t('bladex.missingPosts'), dataIndex: 'posts', render: ids },
      ]} />
      <Finding<DictionaryConflict> title={t('bladex.dictionaryConflicts')} help={t('bladex.dictionaryConflictsHelp')} rows={report.dictionaryConflicts}
        rowKey={(r, i) => `${r.kind}:${r.code}:${r.dictKey}:${i}`} columns={[
          { title: t('bladex.dictKind'), dataIndex: 'kind', render: (k: ImportKind) => t(`bladex.kinds.${k}`) },
          { title: t('bladex.tenantId'), dataIndex: 'tenantId', render: (v: string | null) => v ?? '—' },
          { title: t('bladex.code'), dataIndex: 'code' },
          { title: t('bladex.dictKey'), dataIndex: 'dictKey' },
          { title: t('bladex.sourceValue'), dataIndex: 'source' },
          { title: t('bladex.productValue'), dataIndex: 'product', render: (v: string | null) => v ?? '—' },
        ]} />
      <Finding<ParamConflict> title={t('bladex.paramConflicts')} rows={report.paramConflicts} rowKey={(r) => `${r.tenantId}:${r.paramKey}`} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.paramKey'), dataIndex: 'paramKey' },
        { title: t('bladex.sourceValue'), dataIndex: 'source' },
        { title: t('bladex.productValue'), dataIndex: 'product', render: (v: string | null) => v ?? '—' },
        { title: t('bladex.reason'), dataIndex: 'reason', render: (reason?: ParamConflict['reason']) => t(`bladex.paramReasons.${reason ?? 'product'}`) },
      ]} />
      <Finding<RemovedUser> title={t('bladex.removedUsers')} rows={removedUsers} rowKey={(r) => r.sourceId} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.account'), dataIndex: 'account' },
        { title: t('bladex.sourceIds'), dataIndex: 'sourceId' },
        { title: t('bladex.targetId'), dataIndex: 'targetId' },
      ]} />
      <Finding<ReparentedRole> title={t('bladex.reparentedRoles')} rows={reparentedRoles} rowKey={(r) => r.sourceId} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.role'), key: 'role', render: (_, r) => `${r.roleName ?? ''} (${r.roleAlias ?? ''})` },
        { title: t('bladex.parentRole'), key: 'parent', render: (_, r) => r.parentName ?? r.parentSourceId },
      ]} />
      <Finding<DuplicateAccount> title={t('bladex.duplicateAccounts')} rows={report.duplicateAccounts} rowKey={(r) => `${r.tenantId}:${r.account}:${r.reason}`} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.account'), dataIndex: 'account' },
        { title: t('bladex.sourceIds'), dataIndex: 'sourceIds', render: ids },
        { title: t('bladex.kept'), dataIndex: 'kept', render: (v: string | null) => v ?? '—' },
        { title: t('bladex.reason'), dataIndex: 'reason', render: (reason: DuplicateAccount['reason']) => t(`bladex.duplicateReasons.${reason}`) },
      ]} />
      <Finding<Orphan> title={t('bladex.orphans')} rows={report.orphans} rowKey={(r) => `${r.kind}:${r.sourceId}`} columns={[
        { title: t('bladex.kind'), dataIndex: 'kind', render: (k: ImportKind) => t(`bladex.kinds.${k}`) },
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.name'), dataIndex: 'name' },
        { title: t('bladex.parentId'), dataIndex: 'parentId' },
      ]} />
      <Finding title={t('bladex.otherTenants')} rows={report.otherTenants} rowKey={(r) => r.tenantId} columns={[
        { title: t('bladex.tenantId'), dataIndex: 'tenantId' },
        { title: t('bladex.rows'), dataIndex: 'rows', align: 'right' },
      ]} />
      <Finding title={t('bladex.removedInProduct')} rows={report.removedInProduct} rowKey={(r) => `${r.kind}:${r.sourceId}`} columns={[
        { title: t('bladex.kind'), dataIndex: 'kind', render: (k: ImportKind) => t(`bladex.kinds.${k}`) },
        { title: t('bladex.sourceIds'), dataIndex: 'sourceId' },
        { title: t('bladex.targetId'), dataIndex: 'targetId' },
      ]} />
      <Finding title={t('bladex.renumbered')} rows={renumbered} rowKey={(r) => r.kind} columns={[
        { title: t('bladex.kind'), dataIndex: 'kind', render: (k: ImportKind) => t(`bladex.kinds.${k}`) },
        { title: t('bladex.count'), dataIndex: 'count', align: 'right' },
      ]} />
    </Flex>
  );
}
