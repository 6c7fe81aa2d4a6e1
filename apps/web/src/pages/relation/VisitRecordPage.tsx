import { VISIT_STATUS, visitRecordEntity } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Row as Grid, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { ExaminePage } from '../../entity/examine/ExaminePage';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';

interface VisitFigures { total: number; alumniVisited: number; organizationsVisited: number }

const BASE = visitRecordEntity.api?.base ?? '';

/** The three figures of the year (DOMAIN 5.4), from countVisit. */
function VisitStrip() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: [...entityKey(visitRecordEntity), 'countVisit'], queryFn: () => postData<VisitFigures>(`${BASE}/countVisit`) });
  return (
    <Grid gutter={16} style={{ marginBottom: 12 }}>
      {([['visitsThisYear', data?.total], ['alumniVisited', data?.alumniVisited], ['organizationsVisited', data?.organizationsVisited]] as const).map(([key, value]) => (
        <Col xs={24} sm={8} key={key}>
          <Card size="small"><Statistic title={t(`relation.${key}`)} value={value ?? '-'} /></Card>
        </Col>
      ))}
    </Grid>
  );
}

/**
 * 走访记录 (DOMAIN 5.4): visits by state (草稿 · 待审核 · 已通过 · 已退回 · 全部) under the year's figures;
 * a draft or a returned record is handed in from its row, the office examines.
 */
export default function VisitRecordPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const handIn = (row: Row) => modal.confirm({
    title: t('relation.handIn'), content: t('relation.handInConfirm'), okText: t('crud.ok'), cancelText: t('crud.cancel'),
    onOk: async () => {
      await postData(`${BASE}/submit`, { id: row.id, submitForExamine: 1 });
      void message.success(t('relation.handedIn'));
      await client.invalidateQueries({ queryKey: entityKey(visitRecordEntity) });
    },
  });
  const editable = (row: Row) => [VISIT_STATUS.draft, VISIT_STATUS.returned].includes(Number(row.visitStatus) as 0 | 3);
  return (
    <ExaminePage
      entity={visitRecordEntity}
      header={<VisitStrip />}
      tabLabels={{ rejected: t('relation.returned') }}
      rowExtra={(row) => !!buttons.visitrecord_edit && editable(row) && (
        <Button type="link" size="small" onClick={() => handIn(row)}>{t('relation.handIn')}</Button>
      )}
    />
  );
}
