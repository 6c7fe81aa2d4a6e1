import { NOTICE_PUSH_MSG, PUSH_CHANNEL, SEGMENT_TARGET_SCOPE, dictKeys, noticePushEntity, type OptionSource } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Empty, Form, InputNumber, Radio, Select, Space, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { FieldWidgetProps, FormValues } from '../../entity/field-overrides';
import { asLang } from '../../entity/field-text';
import { IdsSearchSelect } from '../../entity/inputs/IdsSearchSelect';
import { IdsTreeSelect } from '../../entity/inputs/IdsTreeSelect';
import { RefTreeSelect } from '../../entity/inputs/RefTreeSelect';
import { SegmentPicker } from '../../entity/segments/SegmentPicker';
import { useDictOptions, useSourceOptions } from '../../entity/use-options';
import { usePaused } from '../../entity/use-paused';

const BASE = noticePushEntity.api?.base ?? '';

/** The form-only choice of where the content comes from (DOMAIN 8.3 form: notice, template or own text). */
export const SOURCE = 'contentSource';
export type ContentSource = 'notice' | 'template' | 'own';

export const channelsOf = (values: FormValues): string[] => dictKeys(values.channels);
export const sourceOf = (values: FormValues): ContentSource => {
  const chosen = values[SOURCE];
  if (chosen === 'notice' || chosen === 'template' || chosen === 'own') return chosen;
  return values.noticeId ? 'notice' : values.templateId ? 'template' : 'own';
};

/** 内容来源: a notice, a template or own text; switching shows the matching fields. */
export function ContentSourcePicker() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // An opened push (an edit, a copy, a notice's link) starts on the source it already has.
  useEffect(() => {
    form.setFieldValue(SOURCE, sourceOf(form.getFieldsValue(true) as FormValues));
  }, [form]);
  return (
    <Form.Item name={SOURCE} label={t('push.source')} labelCol={{ flex: '110px' }}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'notice', label: t('push.sourceNotice') },
          { value: 'template', label: t('push.sourceTemplate') },
          { value: 'own', label: t('push.sourceOwn') },
        ]}
      />
    </Form.Item>
  );
}

interface ChannelPreview {
  channel: string; subject: string | null; content: string | null; html: boolean; length?: number; parts?: number;
  /** Why the channel sends nothing, or (with content) the variables the sending cannot fill: a send with them is refused. */
  note?: { zh: string; en: string };
  unfilled?: string[];
}
interface Preview { sample: { alumniId: string; name: string } | null; channels: ChannelPreview[] }

const PREVIEWED = ['title', 'surveyId', 'noticeId', 'templateId', 'smsTemplateId', 'channels', 'subject', 'content', 'targetScope', 'targetValue'] as const;

/** What each channel would send, filled by the server for the first recipient as the sending fills it. */
export function PushPreview() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const form = Form.useFormInstance();
  const watched = Form.useWatch((v: Record<string, unknown>) => JSON.stringify(PREVIEWED.map((k) => v[k] ?? null)), form);
  const settled = usePaused(watched ?? '', 500);
  const body = settled ? Object.fromEntries(PREVIEWED.map((k, i) => [k, (JSON.parse(settled) as unknown[])[i]])) : null;
  const source = sourceOf((body ?? {}) as FormValues);
  // The fields of the other sources are saved empty: the preview shows what would be saved.
  if (body && source !== 'notice') body.noticeId = null;
  if (body && source !== 'template') body.templateId = null;
  const { data } = useQuery({
    queryKey: ['notice-push-preview', body],
    enabled: !!body && dictKeys(body.channels).length > 0,
    queryFn: () => postData<Preview>(`${BASE}/preview`, body),
    placeholderData: (previous) => previous,
  });
  if (!data || data.channels.length === 0 || !body || dictKeys(body.channels).length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('push.previewEmpty')} />;
  }
  return (
    <div className="notice-push-preview" data-testid="push-preview">
      <Typography.Text type="secondary">{data.sample ? t('push.previewSample', { name: data.sample.name }) : t('push.previewNoSample')}</Typography.Text>
      <Tabs
        size="small"
        items={data.channels.map((c) => ({
          key: c.channel,
          label: t(`push.channelShort.${c.channel}`),
          children: c.content === null ? <Alert type="warning" showIcon title={c.note?.[lang]} /> : (
            <>
              {c.note && <Alert type="warning" showIcon title={c.note[lang]} style={{ marginBottom: 8 }} data-testid="push-preview-unfilled" />}
              {c.subject && <Typography.Paragraph strong>{t('push.previewSubject', { subject: c.subject })}</Typography.Paragraph>}
              {c.html
                ? <iframe title={t('push.preview')} sandbox="" srcDoc={c.content} className="notice-push-mail" />
                : <Typography.Paragraph className="notice-push-text">{c.content}</Typography.Paragraph>}
              {c.length !== undefined && <Typography.Text type="secondary">{t('push.smsLength', { length: c.length, parts: c.parts })}</Typography.Text>}
            </>
          ),
        }))}
      />
    </div>
  );
}

/** The warning DOMAIN 8.3 asks for when WeChat is chosen: its recipients are recorded as skipped. */
export function WechatWarning() {
  const { i18n } = useTranslation();
  const channels = Form.useWatch('channels', Form.useFormInstance());
  if (!dictKeys(channels).includes(PUSH_CHANNEL.wechat)) return null;
  return <Alert type="warning" showIcon title={NOTICE_PUSH_MSG.wechatWarning[asLang(i18n.language)]} style={{ marginBottom: 16 }} />;
}

/** Whether a scope's values are complete enough to ask for an estimate (a 400 would only say what is missing). */
function scopeComplete(scope: string, raw: unknown): boolean {
  if (scope === '1') return true;
  let value: Record<string, unknown>;
  try {
    value = typeof raw === 'string' && raw !== '' ? JSON.parse(raw) as Record<string, unknown> : {};
  } catch {
    return false;
  }
  const has = (k: string) => value[k] !== undefined && value[k] !== null && String(value[k]) !== '';
  switch (scope) {
    case '2': return has('departmentIds');
    case '3': return has('enrollmentYearFrom') && has('enrollmentYearTo') && Number(value.enrollmentYearFrom) <= Number(value.enrollmentYearTo);
    case '4': return has('associationIds');
    case '5': return has('alumniIds');
    case '6': return has('activityId');
    case '7': return has('provinceCodes');
    case SEGMENT_TARGET_SCOPE: return has('segmentId');
    default: return false;
  }
}

interface Estimate { total: number; perChannel: Record<string, number>; skipped: Record<string, number> }

/** 预计送达：站内 150，短信 120，邮件 98；跳过 14 — asked again once the recipients or channels stop changing. */
export function EstimateLine() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched = Form.useWatch((v: Record<string, unknown>) => JSON.stringify([v.targetScope ?? '', v.targetValue ?? '', v.channels ?? '']), form);
  const [scope, value, channels] = JSON.parse(usePaused(watched ?? '["","",""]', 400)) as [string, string, string];
  const ready = dictKeys(channels).length > 0 && scope !== '' && scopeComplete(String(scope), value);
  const params = { targetScope: String(scope), targetValue: scope === '1' ? '' : String(value ?? ''), channels: dictKeys(channels).join(',') };
  const { data, isFetching } = useQuery({
    queryKey: ['notice-push-estimate', params],
    enabled: ready,
    queryFn: () => getData<Estimate>(`${BASE}/estimate`, params),
  });
  let text: string;
  if (!ready) text = t('push.estimateIncomplete');
  else if (!data || isFetching) text = t('push.estimateLoading');
  else {
    const parts = dictKeys(channels).map((c) => t('push.estimatePart', { channel: t(`push.channelShort.${c}`), count: data.perChannel[c] ?? 0 }));
    const skipped = Object.values(data.skipped).reduce((a, b) => a + b, 0);
    text = t('push.estimate', { parts: parts.join(t('push.estimateJoin')), skipped });
  }
  return <Alert type={ready && data && !isFetching ? 'info' : 'warning'} title={text} data-testid="push-estimate" style={{ marginBottom: 16 }} />;
}

const DEPARTMENTS: OptionSource = { url: '/blade-department/department/select', shape: 'list', labelKey: 'departmentName', valueKey: 'id' };
const ASSOCIATIONS: OptionSource = { url: '/blade-association/association/tree', shape: 'tree', labelKey: 'title', valueKey: 'value' };
const PROVINCES: OptionSource = { url: '/blade-system/region/lazy-tree', shape: 'list', labelKey: 'name', valueKey: 'code' };
const ALUMNI: OptionSource = { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' };
const ACTIVITIES: OptionSource = { url: '/blade-activity/activity/select', shape: 'list', labelKey: 'title', valueKey: 'id' };

function IdsPicker({ source, value, onChange, label, id, disabled }: { source: OptionSource; value?: string; onChange: (v: string) => void; label: string; id?: string; disabled?: boolean }) {
  const { i18n } = useTranslation();
  const { data } = useSourceOptions(source, i18n.language);
  return <IdsTreeSelect options={data ?? []} value={value} onChange={onChange} independent placeholder={label} id={id} disabled={disabled} />;
}

/**
 * 范围取值 (DOMAIN 8.3 `targetValue`, JSON text) edited for the chosen scope: departments, enrolment
 * years, associations, chosen alumni, an activity's applicants (status and winners optional) or provinces.
 */
export function TargetValueInput({ value, onChange, disabled, id }: FieldWidgetProps) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  // preserve: the scope is read from the row in a view, where no input holds it.
  const scope = String(Form.useWatch('targetScope', { form, preserve: true }) ?? '1');
  const applyStatuses = useDictOptions({ dict: 'apply_status', source: 'biz' }, i18n.language);
  let parsed: Record<string, unknown> = {};
  try {
    parsed = typeof value === 'string' && value !== '' ? JSON.parse(value) as Record<string, unknown> : {};
  } catch {
    parsed = {};
  }
  const set = (patch: Record<string, unknown>) => {
    const next = Object.fromEntries(Object.entries({ ...parsed, ...patch }).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    onChange?.(Object.keys(next).length === 0 ? '' : JSON.stringify(next));
  };
  const text = (k: string) => (parsed[k] === undefined || parsed[k] === null ? undefined : String(parsed[k]));
  // A view shows the values by their names in the same controls, read-only: never the JSON text.
  switch (scope) {
    case '2': return <IdsPicker source={DEPARTMENTS} value={text('departmentIds')} onChange={(v) => set({ departmentIds: v })} label={t('push.scope.departments')} id={id} disabled={disabled} />;
    case '3': return (
      <Space>
        <InputNumber id={id} aria-label={t('push.scope.yearFrom')} placeholder={t('push.scope.yearFrom')} min={1900} max={2100} precision={0}
          value={parsed.enrollmentYearFrom as number | undefined} onChange={(v) => set({ enrollmentYearFrom: v })} disabled={disabled} />
        <InputNumber aria-label={t('push.scope.yearTo')} placeholder={t('push.scope.yearTo')} min={1900} max={2100} precision={0}
          value={parsed.enrollmentYearTo as number | undefined} onChange={(v) => set({ enrollmentYearTo: v })} disabled={disabled} />
      </Space>
    );
    case '4': return <IdsPicker source={ASSOCIATIONS} value={text('associationIds')} onChange={(v) => set({ associationIds: v })} label={t('push.scope.associations')} id={id} disabled={disabled} />;
    case '5': return <IdsSearchSelect id={id} source={ALUMNI} value={text('alumniIds')} onChange={(v) => set({ alumniIds: v })} placeholder={t('push.scope.alumniSearch')} disabled={disabled} />;
    case '6': return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <RefTreeSelect id={id} field={{ options: ACTIVITIES }} value={text('activityId')} onChange={(v) => set({ activityId: v })} placeholder={t('push.scope.activity')} disabled={disabled} />
        <Select mode="multiple" allowClear style={{ width: '100%' }} placeholder={t('push.scope.applyStatus')} aria-label={t('push.scope.applyStatus')}
          value={text('applyStatus')?.split(',').filter(Boolean) ?? []} onChange={(v: string[]) => set({ applyStatus: v.join(',') })}
          options={(applyStatuses.data ?? []).map((o) => ({ label: o.title, value: o.value }))} disabled={disabled} />
        <Checkbox disabled={disabled} checked={Number(parsed.isWinner) === 1} onChange={(e) => set({ isWinner: e.target.checked ? 1 : undefined })}>{t('push.scope.winnersOnly')}</Checkbox>
      </Space>
    );
    case '7': return <IdsPicker source={PROVINCES} value={text('provinceCodes')} onChange={(v) => set({ provinceCodes: v })} label={t('push.scope.provinces')} id={id} disabled={disabled} />;
    case SEGMENT_TARGET_SCOPE: return <SegmentPicker id={id} value={text('segmentId')} onChange={(v) => set({ segmentId: v })} disabled={disabled} />;
    default: return null;
  }
}
