import { examineStates, type EntityDef } from '@alumni/domain';
import { Badge, Button, Tabs, type TableColumnType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../../stores/menu-store';
import type { Row } from '../entity-api';
import { EntityPage } from '../EntityPage';
import { useEntityList } from '../use-entity-list';
import { ExamineDialog } from './ExamineDialog';

/** A tab of states beyond the shared three (a registration's 合并通过), placed before 全部. */
export interface ExtraTab { key: string; status: number; label: string }

interface Props {
  entity: EntityDef;
  extraTabs?: readonly ExtraTab[];
  /** Examines one row in a page's own dialog (a registration's drawer) instead of the shared one. */
  examineOne?: (id: string) => void;
  /** Shown above the tabs (a visit screen's figures). */
  header?: ReactNode;
  /** Row buttons before 审核 (hand a draft in). */
  rowExtra?: (row: Row) => ReactNode;
  /** Tab labels that differ from the shared ones (已退回 for a returned visit). */
  tabLabels?: Readonly<Record<string, string>>;
}

/**
 * An examine screen (DOMAIN 3.3): the entity's list in tabs by examination status (待审核 first, with
 * its count), the submitter and submission time, 审核 per row and 批量通过 / 批量驳回 for the selection.
 */
export function ExaminePage({ entity, extraTabs = [], examineOne, header, rowExtra, tabLabels = {} }: Props) {
  const rule = entity.examine;
  if (!rule) throw new Error(`${entity.name} is not examined`);
  const states = examineStates(rule);
  const { t } = useTranslation();
  const buttons = useMenuStore((s) => s.buttons);
  const canExamine = !!buttons[`${rule.menu}_examine`];
  // A link may name the tab to open (`?tab=approved`).
  const [address] = useSearchParams();
  const addressedTab = address.get('tab');
  const [tab, setTab] = useState(addressedTab ?? 'pending');
  useEffect(() => {
    if (addressedTab) setTab(addressedTab);
  }, [addressedTab]);
  // Entities kept as drafts until handed in show their drafts first (DOMAIN 5.4).
  const tabs = useMemo(() => [
    ...(states.draft !== null ? [{ key: 'draft', status: states.draft as number | undefined }] : []),
    { key: 'pending', status: states.pending as number | undefined }, { key: 'approved', status: states.approved },
    { key: 'rejected', status: states.rejected }, ...extraTabs, { key: 'all', status: undefined },
  ], [extraTabs, states.draft, states.pending, states.approved, states.rejected]);
  const [examining, setExamining] = useState<{ ids: string[]; verdict: 'approve' | 'reject' }>({ ids: [], verdict: 'approve' });
  const pending = useEntityList({ entity, current: 1, size: 1, filters: { [states.field]: states.pending } });
  const extraParams = useMemo(() => ({ [states.field]: tabs.find((x) => x.key === tab)?.status }), [tab, tabs, states.field]);

  const extraColumns: TableColumnType<Row>[] = [
    { key: 'createUserName', dataIndex: 'createUserName', title: t('examine.submitter'), width: 110 },
    { key: 'createTime', dataIndex: 'createTime', title: t('examine.submitTime'), width: 170 },
  ];
  const tabLabel = (key: string) => (key === 'pending'
    ? <Badge count={pending.data?.total ?? 0} size="small" offset={[10, 0]}>{t('examine.tabs.pending')}</Badge>
    : extraTabs.find((x) => x.key === key)?.label ?? tabLabels[key] ?? t(`examine.tabs.${key}`));

  return (
    <>
      {header}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={tabs.map(({ key }) => ({ key, label: tabLabel(key) }))}
      />
      <EntityPage
        entity={entity}
        buttonMenu={rule.menu}
        extraParams={extraParams}
        extraColumns={extraColumns}
        searchFields={Object.entries(entity.fields).filter(([name, f]) => f.search && name !== states.field).map(([name]) => name)}
        rowActions={(row) => (
          <>
            {rowExtra?.(row)}
            {canExamine && Number(row[states.field]) === states.pending && (
              <Button type="link" size="small" onClick={() => (examineOne ? examineOne(row.id) : setExamining({ ids: [row.id], verdict: 'approve' }))}>
                {t('examine.examine')}
              </Button>
            )}
          </>
        )}
        toolbarExtra={(selected) => canExamine && (
          <>
            <Button type="primary" ghost disabled={selected.length === 0} onClick={() => setExamining({ ids: selected, verdict: 'approve' })}>
              {t('examine.batchApprove')}
            </Button>
            <Button danger disabled={selected.length === 0} onClick={() => setExamining({ ids: selected, verdict: 'reject' })}>
              {t('examine.batchReject')}
            </Button>
          </>
        )}
      />
      <ExamineDialog
        entity={entity}
        ids={examining.ids}
        initialVerdict={examining.verdict}
        onClose={() => setExamining((e) => ({ ...e, ids: [] }))}
      />
    </>
  );
}
