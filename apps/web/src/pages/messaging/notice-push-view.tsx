import { PUSH_CHANNEL, PUSH_STATUS, TARGET_STATUS, noticePushEntity, noticePushRecordEntity, type EntityDef } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Row as Grid, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { asLang } from '../../entity/field-text';
import { entityKey } from '../../entity/use-entity-list';
import { useOpenRoute } from '../../layout/use-open-route';
import { useCan } from '../../stores/menu-store';
import { PieChart } from '../home/PieChart';

const BASE = noticePushEntity.api?.base ?? '';

interface ChannelStat { channel: string; targetCount: number; successCount: number; failCount: number; skipCount: number; readCount: number; clickCount?: number; openCount?: number }

/** The push's figures, read again every 5 seconds while it is being sent. */
function usePushDetail(id: string) {
  return useQuery({
    queryKey: [...entityKey(noticePushEntity), 'detail', id],
    queryFn: () => getData<Row & { channelStats?: ChannelStat[] }>(`${BASE}/detail`, { id }),
    refetchInterval: (q) => (Number(q.state.data?.pushStatus) === PUSH_STATUS.sending ? 5000 : false),
  });
}

/** 推送统计: each channel's figures, a pie of the outcome of one channel or all, and the SMS push that carried the SMS channel. */
export function PushStats({ push }: { push: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const open = useOpenRoute();
  const { data } = usePushDetail(String(push.id));
  const stats = data?.channelStats ?? (push.channelStats as ChannelStat[] | undefined) ?? [];
  const [chosen, setChosen] = useState('all');
  const shown = chosen === 'all' ? stats : stats.filter((s) => s.channel === chosen);
  const sum = (k: keyof ChannelStat) => shown.reduce((a, s) => a + Number(s[k] ?? 0), 0);
  const open_ = sum('targetCount') - sum('successCount') - sum('failCount') - sum('skipCount');
  const slices = [
    { key: 'delivered', label: t('push.outcome.delivered'), value: sum('successCount') },
    { key: 'failed', label: t('push.outcome.failed'), value: sum('failCount') },
    { key: 'skipped', label: t('push.outcome.skipped'), value: sum('skipCount') },
    { key: 'open', label: t('push.outcome.open'), value: Math.max(0, open_) },
  ].filter((s) => s.value > 0);
  const channelName = (c: string) => t(`push.channelShort.${c}`);
  const smsPushId = (data ?? push).smsPushId;
  return (
    <Grid gutter={16}>
      <Col span={10}>
        <Segmented
          value={chosen}
          onChange={(v) => setChosen(String(v))}
          options={[{ value: 'all', label: t('push.allChannels') }, ...stats.map((s) => ({ value: s.channel, label: channelName(s.channel) }))]}
        />
        <PieChart slices={slices} donut label={t('push.pieLabel', { channel: chosen === 'all' ? t('push.allChannels') : channelName(chosen) })} />
      </Col>
      <Col span={14}>
        <Table<ChannelStat>
          rowKey="channel"
          size="small"
          bordered
          pagination={false}
          dataSource={stats}
          aria-label={t('push.stats')}
          columns={[
            { key: 'channel', title: noticePushRecordEntity.fields.channel?.label[lang], render: (_, s) => channelName(s.channel) },
            { key: 'target', title: noticePushEntity.fields.targetCount?.label[lang], dataIndex: 'targetCount' },
            { key: 'success', title: t('push.outcome.delivered'), dataIndex: 'successCount' },
            { key: 'fail', title: t('push.outcome.failed'), dataIndex: 'failCount' },
            { key: 'skip', title: t('push.outcome.skipped'), dataIndex: 'skipCount' },
            { key: 'read', title: noticePushEntity.fields.readCount?.label[lang], dataIndex: 'readCount' },
            // Recipients who followed a link of the e-mail (its click-through); other channels count none.
            { key: 'click', title: t('push.clicked'), render: (_, s) => (s.channel === PUSH_CHANNEL.email ? s.clickCount ?? 0 : '—') },
          ]}
        />
        {smsPushId ? (
          <Space style={{ marginTop: 12 }}>
            <Button onClick={() => open(`/message/smspush?pushId=${String(smsPushId)}`)}>{t('push.openSmsPush')}</Button>
          </Space>
        ) : null}
      </Col>
    </Grid>
  );
}

/** The records call of a push (`record/list`) read by the generic list: its filters are the record's fields. */
const recordList: EntityDef = { ...noticePushRecordEntity, api: { base: `${BASE}/record` } };

/** 推送记录: the recipients of a push per channel (paged, searched by name, filtered by state and channel); failed e-mails resent. */
export function PushRecords({ push }: { push: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const canSend = useCan('noticepush_send');
  const pushId = String(push.id);
  const sent = ([PUSH_STATUS.sending, PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed] as number[]).includes(Number(push.pushStatus));
  const resend = (ids: string | null) => modal.confirm({
    title: t(ids ? 'push.resendConfirm' : 'push.resendAllConfirm'),
    onOk: async () => {
      const answer = await postData<{ resent: number; skipped: number }>(`${BASE}/record/resend`, { pushId, ...(ids ? { ids } : {}) });
      void message.success(t('push.resent', answer));
      await client.invalidateQueries({ queryKey: entityKey(recordList) });
      await client.invalidateQueries({ queryKey: entityKey(noticePushEntity) });
    },
  });
  return (
    <EntityPage
      entity={recordList}
      keepInAddress={false}
      buttonMenu="noticepushrecord"
      regionLabel={t('push.records')}
      extraParams={{ pushId }}
      searchFields={['alumniName', 'channel', 'status']}
      refreshWhile={(rows) => rows.some((r) => ([TARGET_STATUS.waiting, TARGET_STATUS.sending] as number[]).includes(Number(r.status)))}
      toolbarExtra={canSend && sent ? <Button onClick={() => resend(null)}>{t('push.resendAll')}</Button> : null}
      rowActions={(row) => canSend && Number(row.status) === TARGET_STATUS.failed && String(row.channel) === PUSH_CHANNEL.email && (
        <Button type="link" size="small" onClick={() => resend(String(row.id))}>{t('push.resend')}</Button>
      )}
    />
  );
}
