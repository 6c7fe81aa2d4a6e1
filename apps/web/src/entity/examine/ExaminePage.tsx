import { EXAMINE_STATUS, type EntityDef } from '@alumni/domain';
import { Badge, Button, Tabs, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../../stores/menu-store';
import type { Row } from '../entity-api';
import { EntityPage } from '../EntityPage';
import { useEntityList } from '../use-entity-list';
import { ExamineDialog } from './ExamineDialog';

type Tab = 'pending' | 'approved' | 'rejected' | 'all';
const STATUS_OF_TAB: Record<Tab, number | undefined> = {
  pending: EXAMINE_STATUS.pending, approved: EXAMINE_STATUS.approved, rejected: EXAMINE_STATUS.rejected, all: undefined,
};

/**
 * An examine screen (DOMAIN 3.3): the entity's list in tabs by examination status (待审核 first, with
 * its count), the submitter and submission time, 审核 per row and 批量通过 / 批量驳回 for the selection.
 */
export function ExaminePage({ entity }: { entity: EntityDef }) {
  const rule = entity.examine;
  if (!rule) throw new Error(`${entity.name} is not examined`);
  const { t } = useTranslation();
  const buttons = useMenuStore((s) => s.buttons);
  const canExamine = !!buttons[`${rule.menu}_examine`];
  const [tab, setTab] = useState<Tab>('pending');
  const [examining, setExamining] = useState<{ ids: string[]; verdict: 1 | 2 }>({ ids: [], verdict: EXAMINE_STATUS.approved });
  const pending = useEntityList({ entity, current: 1, size: 1, filters: { examineStatus: EXAMINE_STATUS.pending } });
  const extraParams = useMemo(() => ({ examineStatus: STATUS_OF_TAB[tab] }), [tab]);

  const extraColumns: TableColumnType<Row>[] = [
    { key: 'createUserName', dataIndex: 'createUserName', title: t('examine.submitter'), width: 110 },
    { key: 'createTime', dataIndex: 'createTime', title: t('examine.submitTime'), width: 170 },
  ];
  const tabLabel = (key: Tab) => (key === 'pending'
    ? <Badge count={pending.data?.total ?? 0} size="small" offset={[10, 0]}>{t('examine.tabs.pending')}</Badge>
    : t(`examine.tabs.${key}`));

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={(['pending', 'approved', 'rejected', 'all'] as const).map((key) => ({ key, label: tabLabel(key) }))}
      />
      <EntityPage
        entity={entity}
        buttonMenu={rule.menu}
        extraParams={extraParams}
        extraColumns={extraColumns}
        searchFields={Object.entries(entity.fields).filter(([name, f]) => f.search && name !== 'examineStatus').map(([name]) => name)}
        rowActions={(row) => canExamine && Number(row.examineStatus) === EXAMINE_STATUS.pending && (
          <Button type="link" size="small" onClick={() => setExamining({ ids: [row.id], verdict: EXAMINE_STATUS.approved })}>
            {t('examine.examine')}
          </Button>
        )}
        toolbarExtra={(selected) => canExamine && (
          <>
            <Button type="primary" ghost disabled={selected.length === 0} onClick={() => setExamining({ ids: selected, verdict: EXAMINE_STATUS.approved })}>
              {t('examine.batchApprove')}
            </Button>
            <Button danger disabled={selected.length === 0} onClick={() => setExamining({ ids: selected, verdict: EXAMINE_STATUS.rejected })}>
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
