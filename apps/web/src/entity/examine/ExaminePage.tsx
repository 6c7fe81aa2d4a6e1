import { EXAMINE_STATUS, type EntityDef } from '@alumni/domain';
import { Badge, Button, Tabs, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
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
}

/**
 * An examine screen (DOMAIN 3.3): the entity's list in tabs by examination status (待审核 first, with
 * its count), the submitter and submission time, 审核 per row and 批量通过 / 批量驳回 for the selection.
 */
export function ExaminePage({ entity, extraTabs = [], examineOne }: Props) {
  const rule = entity.examine;
  if (!rule) throw new Error(`${entity.name} is not examined`);
  const { t } = useTranslation();
  const buttons = useMenuStore((s) => s.buttons);
  const canExamine = !!buttons[`${rule.menu}_examine`];
  const [tab, setTab] = useState('pending');
  const tabs = useMemo(() => [
    { key: 'pending', status: EXAMINE_STATUS.pending as number | undefined }, { key: 'approved', status: EXAMINE_STATUS.approved },
    { key: 'rejected', status: EXAMINE_STATUS.rejected }, ...extraTabs, { key: 'all', status: undefined },
  ], [extraTabs]);
  const [examining, setExamining] = useState<{ ids: string[]; verdict: 1 | 2 }>({ ids: [], verdict: EXAMINE_STATUS.approved });
  const pending = useEntityList({ entity, current: 1, size: 1, filters: { examineStatus: EXAMINE_STATUS.pending } });
  const extraParams = useMemo(() => ({ examineStatus: tabs.find((x) => x.key === tab)?.status }), [tab, tabs]);

  const extraColumns: TableColumnType<Row>[] = [
    { key: 'createUserName', dataIndex: 'createUserName', title: t('examine.submitter'), width: 110 },
    { key: 'createTime', dataIndex: 'createTime', title: t('examine.submitTime'), width: 170 },
  ];
  const tabLabel = (key: string) => (key === 'pending'
    ? <Badge count={pending.data?.total ?? 0} size="small" offset={[10, 0]}>{t('examine.tabs.pending')}</Badge>
    : extraTabs.find((x) => x.key === key)?.label ?? t(`examine.tabs.${key}`));

  return (
    <>
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
        searchFields={Object.entries(entity.fields).filter(([name, f]) => f.search && name !== 'examineStatus').map(([name]) => name)}
        rowActions={(row) => canExamine && Number(row.examineStatus) === EXAMINE_STATUS.pending && (
          <Button type="link" size="small" onClick={() => (examineOne ? examineOne(row.id) : setExamining({ ids: [row.id], verdict: EXAMINE_STATUS.approved }))}>
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
