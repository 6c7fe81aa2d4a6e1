import { FINAL_PUSH_STATUSES, PUSH_CHANNEL, PUSH_STATUS, SEND_TYPE, noticePushEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Progress } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides, FieldWidgetProps, FormSection, FormValues } from '../../entity/field-overrides';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';
import { ContentSourcePicker, EstimateLine, PushPreview, SOURCE, TargetValueInput, WechatWarning, channelsOf, sourceOf } from './notice-push-form';
import { PushRecords, PushStats } from './notice-push-view';
import './notice-push.css';

const BASE = noticePushEntity.api?.base ?? '';
const has = (values: FormValues, channel: string) => channelsOf(values).includes(channel);

/** The form's fields follow the content source, the channels, the scope and the sending (DOMAIN 8.3). */
const OVERRIDES: FieldOverrides = {
  noticeId: { shownWhen: (v) => sourceOf(v) === 'notice', required: (v) => sourceOf(v) === 'notice' },
  templateId: { shownWhen: (v) => sourceOf(v) === 'template', required: (v) => sourceOf(v) === 'template' },
  content: { required: (v) => sourceOf(v) === 'own' },
  subject: { shownWhen: (v) => has(v, PUSH_CHANNEL.inApp) || has(v, PUSH_CHANNEL.email) },
  smsTemplateId: { shownWhen: (v) => has(v, PUSH_CHANNEL.sms), required: (v) => has(v, PUSH_CHANNEL.sms) },
  emailSettingId: { shownWhen: (v) => has(v, PUSH_CHANNEL.email) },
  targetValue: { shownWhen: (v) => String(v.targetScope ?? '1') !== '1', required: (v) => String(v.targetScope ?? '1') !== '1', input: TargetValueInput },
  planSendTime: { shownWhen: (v) => String(v.sendType) === SEND_TYPE.scheduled, required: (v) => String(v.sendType) === SEND_TYPE.scheduled },
};

/** What 复制 carries into a new push: the content, channels, recipients and sender, not the outcome. */
const COPIED = ['noticeId', 'templateId', 'channels', 'subject', 'content', 'smsTemplateId', 'emailSettingId', 'targetScope', 'targetValue', 'remark'] as const;

/**
 * Notice pushes 通知推送 (DOMAIN 8.3): the form in sections (content with a preview per channel,
 * channels with the WeChat warning, recipients with the live estimate, sending), opened from a
 * notice's 推送 link (`?noticeId=`) or by 复制; the view with the figures per channel and the
 * recipients' records; send, cancel, and a progress bar while sending.
 */
export default function NoticePushPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const [copy, setCopy] = useState<{ values: Record<string, unknown> } | null>(null);
  // 发送邀请 of a survey (DOMAIN 9.1) opens `?surveyId=…`: a new push with the survey's respondents and
  // the invitation templates, whose texts carry each recipient's own answer link.
  const [address, setAddress] = useSearchParams();
  const invited = address.get('surveyId');
  const [surveyTitle, setSurveyTitle] = useState('');
  useEffect(() => {
    if (!invited) return;
    const rest = new URLSearchParams(address);
    rest.delete('surveyId');
    setAddress(rest, { replace: true });
    void getData<Record<string, unknown>>(`${BASE}/survey-invitation`, { surveyId: invited }).then(({ surveyTitle: title, ...values }) => {
      setSurveyTitle(String(title ?? ''));
      setCopy({ values: { ...values, sendType: SEND_TYPE.now } });
    }).catch(() => undefined);
  }, [invited, address, setAddress]);
  const overrides = useMemo<FieldOverrides>(() => ({
    ...OVERRIDES,
    surveyId: {
      shownWhen: (v) => v.surveyId !== undefined && v.surveyId !== null && v.surveyId !== '',
      input: function InvitedSurvey({ id, value }: FieldWidgetProps) { return <Input id={id} value={surveyTitle || String(value ?? '')} disabled />; },
    },
  }), [surveyTitle]);

  const setStatus = (row: Row, pushStatus: number) => modal.confirm({
    title: String(row.title),
    content: t(pushStatus === PUSH_STATUS.queued ? 'push.sendConfirm' : 'push.cancelConfirm'),
    onOk: async () => {
      await postData(`${BASE}/submit`, { id: row.id, pushStatus });
      void message.success(t(pushStatus === PUSH_STATUS.queued ? 'push.sendDone' : 'push.cancelDone'));
      await client.invalidateQueries({ queryKey: entityKey(noticePushEntity) });
    },
  });
  const copyRow = async (row: Row) => {
    const detail = await getData<Row>(`${BASE}/detail`, { id: row.id });
    const values: Record<string, unknown> = Object.fromEntries(COPIED.map((k) => [k, detail[k] ?? null]));
    setCopy({ values: { ...values, title: t('push.copyOf', { title: String(detail.title ?? '') }).slice(0, 100), sendType: SEND_TYPE.now } });
  };

  const sections = useMemo<FormSection[]>(() => [
    { key: 'content', title: t('push.section.content'), before: <ContentSourcePicker />, fields: ['title', 'surveyId', 'noticeId', 'templateId', 'subject', 'content'], after: <PushPreview /> },
    { key: 'channels', title: t('push.section.channels'), fields: ['channels', 'smsTemplateId', 'emailSettingId'], after: <WechatWarning /> },
    { key: 'audience', title: t('push.section.audience'), fields: ['targetScope', 'targetValue'], after: <EstimateLine /> },
    { key: 'sending', title: t('push.section.sending'), fields: ['sendType', 'planSendTime', 'remark'] },
  ], [t]);

  return (
    <EntityPage
      entity={noticePushEntity}
      dialogWidth={1000}
      fieldOverrides={overrides}
      formSections={sections}
      formOnlyFields={[SOURCE]}
      prefillFromAddress={['noticeId']}
      addRequest={copy}
      refreshWhile={(rows) => rows.some((r) => Number(r.pushStatus) === PUSH_STATUS.sending)}
      viewTabs={(row) => [
        { key: 'stats', label: t('push.stats'), children: <PushStats push={row} /> },
        { key: 'records', label: t('push.records'), children: <PushRecords push={row} /> },
      ]}
      extraColumns={[{
        key: 'progress', title: t('push.progress'), width: 140,
        render: (_: unknown, row: Row) => {
          const target = Number(row.targetCount ?? 0);
          const settled = Number(row.successCount ?? 0) + Number(row.failCount ?? 0) + Number(row.skipCount ?? 0);
          return target > 0 ? <Progress size="small" aria-label={t('push.progress')} percent={Math.round((settled * 100) / target)} status={Number(row.pushStatus) === PUSH_STATUS.sending ? 'active' : undefined} /> : null;
        },
      }]}
      rowActions={(row) => {
        const status = Number(row.pushStatus);
        return (
          <>
            {buttons.noticepush_send && status === PUSH_STATUS.draft && (
              <Button type="link" size="small" onClick={() => setStatus(row, PUSH_STATUS.queued)}>{t('push.send')}</Button>
            )}
            {buttons.noticepush_send && status === PUSH_STATUS.queued && (
              <Button type="link" size="small" danger onClick={() => setStatus(row, PUSH_STATUS.cancelled)}>{t('push.cancel')}</Button>
            )}
            {buttons.noticepush_add && FINAL_PUSH_STATUSES.includes(status) && (
              <Button type="link" size="small" onClick={() => void copyRow(row).catch(() => undefined)}>{t('push.copy')}</Button>
            )}
          </>
        );
      }}
    />
  );
}
