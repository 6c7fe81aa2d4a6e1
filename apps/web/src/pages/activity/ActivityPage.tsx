import { activityEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import type { ViewTab } from '../../entity/EntityFormModal';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides } from '../../entity/field-overrides';
import { TargetValueInput } from '../messaging/notice-push-form';
import { entityKey } from '../../entity/use-entity-list';
import { useOpenRoute } from '../../layout/use-open-route';
import { useMenuStore } from '../../stores/menu-store';
import { ACTIVITY_BASE, putData, type DrawAnswer, type VerifyAnswer, type WinnerRow } from './activity-api';
import { DictText } from './DictText';

/** 范围取值 picked for the chosen scope (departments, years, associations, provinces), as a notice push picks it: no JSON to type. */
const SCOPE_OVERRIDES: FieldOverrides = {
  targetValue: { shownWhen: (v) => String(v.targetScope ?? '1') !== '1', required: (v) => String(v.targetScope ?? '1') !== '1', input: TargetValueInput },
};

/** The winners of a drawn activity, with its seed and a check that repeats the draw. */
function WinnersTab({ row }: { row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [checking, setChecking] = useState(false);
  const winners = (row.winners as WinnerRow[] | undefined) ?? [];
  if (Number(row.winnersCreated) !== 1) return <Typography.Text type="secondary">{t('activity.noWinners')}</Typography.Text>;
  const verify = async () => {
    setChecking(true);
    try {
      const answer = await getData<VerifyAnswer>(`${ACTIVITY_BASE}/verifyDraw`, { id: String(row.id) });
      if (answer.orderAgrees && answer.winnersAgree) void message.success(t('activity.verifyOk'));
      else void message.error(t('activity.verifyBad'));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered items={[
        { key: 'seed', label: t('activity.seed'), children: <Typography.Text code copyable className="activity-seed">{String(row.drawSeed ?? '')}</Typography.Text> },
      ]} />
      <Button onClick={verify} loading={checking}>{t('activity.verify')}</Button>
      <Table<WinnerRow> size="small" rowKey="applicationId" pagination={false} dataSource={winners} columns={[
        { title: t('activity.drawRank'), dataIndex: 'drawRank', width: 90 },
        { title: t('activity.applicant'), dataIndex: 'name' },
        { title: t('activity.applyNo'), dataIndex: 'applyNo' },
        { title: t('activity.prizesTab'), dataIndex: 'prizeLevel', render: (v: string, w) => <><DictText dict="prize_level" value={v} /> · {w.prizeName}</> },
      ]} />
    </Space>
  );
}

/**
 * 活动管理 (DOMAIN 6.1): activities with their phase and counts; rows open their applicants and
 * costs, publish or unpublish, draw the winners (a seeded draw anyone can repeat) and cancel.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const open = useOpenRoute();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [form] = Form.useForm<{ cancelReason: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: entityKey(activityEntity) });

  const setEnabled = async (row: Row, enabled: 0 | 1) => {
    await putData<boolean>(`${ACTIVITY_BASE}/enabled`, { id: row.id, enabled });
    void message.success(t(enabled ? 'activity.publishDone' : 'activity.unpublishDone'));
    await refresh();
  };
  const draw = (row: Row) => {
    const redraw = Number(row.winnersCreated) === 1;
    modal.confirm({
      title: t(redraw ? 'activity.redraw' : 'activity.draw'),
      content: t(redraw ? 'activity.redrawConfirm' : 'activity.drawConfirm'),
      onOk: async () => {
        const answer = await putData<DrawAnswer>(`${ACTIVITY_BASE}/createWinnersList`, { id: row.id, redraw: redraw ? 1 : 0 });
        void message.success(t('activity.drawDone', { pool: answer.poolSize, count: answer.winners.length }));
        await refresh();
      },
    });
  };
  const cancel = async () => {
    const { cancelReason } = await form.validateFields();
    if (!cancelling) return;
    await postData(`${ACTIVITY_BASE}/submit`, { id: cancelling.id, isCancelled: 1, cancelReason });
    void message.success(t('activity.cancelDone'));
    setCancelling(null);
    form.resetFields();
    await refresh();
  };
  const viewTabs = useMemo(() => (row: Record<string, unknown>): ViewTab[] => (Number(row.hasLottery) === 1
    ? [{ key: 'winners', label: t('activity.winnersTab'), children: <WinnersTab row={row} /> }]
    : []), [t]);

  return (
    <>
      <EntityPage
        entity={activityEntity}
        listPath="page"
        dialogWidth={1000}
        viewTabs={viewTabs}
        fieldOverrides={SCOPE_OVERRIDES}
        extraColumns={[
          { key: 'counts', title: t('activity.counts'), width: 110, render: (_: unknown, row: Row) => `${Number(row.confirmedCount ?? 0)} / ${Number(row.applicationCount ?? 0)}` },
          { key: 'signedIn', title: t('activity.signedIn'), width: 90, render: (_: unknown, row: Row) => Number(row.signedInCount ?? 0) },
        ]}
        rowActions={(row) => {
          const cancelled = Number(row.isCancelled) === 1;
          // The server draws only after the start; sign-up may still be open then.
          const started = ['2', '3', '4', '5'].includes(String(row.phase));
          return (
            <>
              <Button type="link" size="small" onClick={() => open(`/activity/actapplist?activityId=${row.id}`)}>{t('activity.applications')}</Button>
              <Button type="link" size="small" onClick={() => open(`/activity/activitycost?activityId=${row.id}`)}>{t('activity.costs')}</Button>
              {buttons.activity_enable && !cancelled && (Number(row.enabled) === 1
                ? <Button type="link" size="small" onClick={() => void setEnabled(row, 0)}>{t('activity.unpublish')}</Button>
                : <Button type="link" size="small" onClick={() => void setEnabled(row, 1)}>{t('activity.publish')}</Button>)}
              {buttons.activity_winners && Number(row.hasLottery) === 1 && started && !cancelled && (
                <Button type="link" size="small" onClick={() => draw(row)}>{t(Number(row.winnersCreated) === 1 ? 'activity.redraw' : 'activity.draw')}</Button>
              )}
              {buttons.activity_edit && !cancelled && String(row.phase) !== '5' && (
                <Button type="link" size="small" danger onClick={() => setCancelling(row)}>{t('activity.cancel')}</Button>
              )}
              {cancelled && <Tag>{String(row.cancelReason ?? '')}</Tag>}
            </>
          );
        }}
      />
      <Modal open={cancelling !== null} title={t('activity.cancelTitle', { title: String(cancelling?.title ?? '') })} onOk={cancel}
        onCancel={() => { setCancelling(null); form.resetFields(); }} okButtonProps={{ danger: true }} destroyOnHidden>
        <Typography.Paragraph type="warning">{t('activity.cancelHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="cancelReason" label={t('activity.cancelReason')} rules={[{ required: true, whitespace: true, message: t('activity.cancelReasonRequired') }, { max: 255 }]}>
            <Input.TextArea rows={3} maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
