import { ALUMNI_SOURCE, PUSH_STATUS, TARGET_STATUS, basicInfoEntity, smsParts, smsPushEntity, smsPushTargetEntity, type OptionSource } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getData, http, postData } from '../../api/http';
import type { FieldWidgetProps } from '../../entity/field-overrides';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { SegmentPicker } from '../../entity/segments/SegmentPicker';
import { IdsSearchSelect } from '../../entity/inputs/IdsSearchSelect';
import { RefTreeSelect } from '../../entity/inputs/RefTreeSelect';
import { entityKey } from '../../entity/use-entity-list';
import { useCan } from '../../stores/menu-store';

const PUSH = smsPushEntity.api?.base as string;
const TARGET = smsPushTargetEntity.api?.base as string;

interface AddCounts { added: number; skippedNoPhone: number; skippedNoConsent: number; skippedFrozenOrDeceased: number; skippedDuplicate: number }

/** 从校友库添加: chosen alumni ids or a filter; answers the counts of what was added and skipped. */
function AddFromAlumniDialog({ pushId, onClose }: { pushId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ segmentId?: string; alumniIds?: string; enrollmentYearFrom?: number; enrollmentYearTo?: number; provinceCode?: string; tags?: string }>();
  const [counts, setCounts] = useState<AddCounts | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const filter = { enrollmentYearFrom: v.enrollmentYearFrom ?? null, enrollmentYearTo: v.enrollmentYearTo ?? null, provinceCode: v.provinceCode || null, tags: v.tags || null };
      const answer = await postData<AddCounts>(`${TARGET}/addFromAlumni`, { smsPushId: pushId, segmentId: v.segmentId || undefined, alumniIds: v.alumniIds || undefined, filter });
      setCounts(answer);
      await client.invalidateQueries({ queryKey: entityKey(smsPushTargetEntity) });
      await client.invalidateQueries({ queryKey: entityKey(smsPushEntity) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width={640} title={t('smsPush.fromAlumni')} okText={t('smsPush.add')} confirmLoading={busy} onOk={() => void add().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="segmentId" label={t('segment.fromSegment')}><SegmentPicker /></Form.Item>
        <Form.Item name="alumniIds" label={t('smsPush.alumniIds')}><IdsSearchSelect source={ALUMNI_SOURCE} placeholder={t('smsPush.alumniSearch')} /></Form.Item>
        <Form.Item label={t('smsPush.enrollmentYears')} style={{ marginBottom: 0 }}>
          <Form.Item name="enrollmentYearFrom" style={{ display: 'inline-block', marginRight: 8 }}><InputNumber aria-label={t('smsPush.yearFrom')} min={1900} max={2100} placeholder={t('smsPush.yearFrom')} /></Form.Item>
          <Form.Item name="enrollmentYearTo" style={{ display: 'inline-block' }}><InputNumber aria-label={t('smsPush.yearTo')} min={1900} max={2100} placeholder={t('smsPush.yearTo')} /></Form.Item>
        </Form.Item>
        <Form.Item name="provinceCode" label={t('smsPush.provinceCode')}><RefTreeSelect field={basicInfoEntity.fields.provinceCode as { options?: OptionSource }} placeholder={t('smsPush.provincePick')} /></Form.Item>
        <Form.Item name="tags" label={t('smsPush.tags')}><Input /></Form.Item>
      </Form>
      {counts && (
        <Descriptions size="small" column={1} bordered data-testid="add-counts">
          <Descriptions.Item label={t('smsPush.added')}>{counts.added}</Descriptions.Item>
          <Descriptions.Item label={t('smsPush.skippedNoPhone')}>{counts.skippedNoPhone}</Descriptions.Item>
          <Descriptions.Item label={t('smsPush.skippedNoConsent')}>{counts.skippedNoConsent}</Descriptions.Item>
          <Descriptions.Item label={t('smsPush.skippedFrozenOrDeceased')}>{counts.skippedFrozenOrDeceased}</Descriptions.Item>
          <Descriptions.Item label={t('smsPush.skippedDuplicate')}>{counts.skippedDuplicate}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

const TABS: [string, number | null][] = [['all', null], ['waiting', TARGET_STATUS.waiting], ['delivered', TARGET_STATUS.delivered], ['failed', TARGET_STATUS.failed], ['skipped', TARGET_STATUS.skipped]];

/** The recipients of one push (DOMAIN 8.5) in tabs by state; changes while a draft, resends after sending. */
function TargetsDrawer({ push, onClose }: { push: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const pushId = String(push.id);
  const draft = Number(push.pushStatus) === PUSH_STATUS.draft;
  const [adding, setAdding] = useState(false);
  const canAlumni = useCan('smspushtarget_alumni');
  const canResend = useCan('smspushtarget_resend');
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: entityKey(smsPushTargetEntity) });
    await client.invalidateQueries({ queryKey: entityKey(smsPushEntity) });
  };
  const resend = (id: string, wholePush: boolean) => modal.confirm({
    title: t(wholePush ? 'smsPush.resendAllConfirm' : 'smsPush.resendConfirm'),
    onOk: async () => {
      const answer = await getData<{ resent: number; skipped: number }>(`${TARGET}/pushFail/${id}${wholePush ? '?scope=push' : ''}`);
      message.success(t('smsPush.resent', answer));
      await refresh();
    },
  });
  return (
    <Drawer open width={1100} title={`${t('smsPush.targets')} · ${String(push.title ?? '')}`} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{`【${String(push.signName ?? '')}】${String(push.content ?? '')}`}</Typography.Paragraph>
      <Tabs items={TABS.map(([key, status]) => ({
        key, label: t(`smsPush.tab.${key}`),
        children: (
          <EntityPage
            entity={smsPushTargetEntity}
            keepInAddress={false}
            regionLabel={t(`smsPush.tab.${key}`)}
            extraParams={{ smsPushId: pushId, ...(status === null ? {} : { pushStatus_equal: String(status) }) }}
            presetValues={{ smsPushId: pushId }}
            fieldOverrides={{ smsPushId: { hidden: true } }}
            addDisabled={!draft}
            searchFields={['name', 'phone', 'failReason']}
            toolbarExtra={(
              <>
                {draft && canAlumni && <Button onClick={() => setAdding(true)}>{t('smsPush.fromAlumni')}</Button>}
                {!draft && canResend && <Button onClick={() => resend(pushId, true)}>{t('smsPush.resendAll')}</Button>}
              </>
            )}
            rowActions={(row) => canResend && Number(row.pushStatus) === TARGET_STATUS.failed && (
              <Button type="link" size="small" onClick={() => resend(String(row.id), false)}>{t('smsPush.resend')}</Button>
            )}
          />
        ),
      }))}
      />
      {adding && <AddFromAlumniDialog pushId={pushId} onClose={() => { setAdding(false); void refresh(); }} />}
    </Drawer>
  );
}

/** The text with its length as sent and the parts it is billed as (70, then 67 a part; signature included). */
function ContentInput({ value, onChange, id, disabled, mode }: FieldWidgetProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const sign = String(Form.useWatch('signName', form) ?? '');
  const content = String(value ?? '');
  const length = [...`【${sign}】${content}`].length;
  return (
    <>
      <Input.TextArea id={id} rows={4} maxLength={500} value={content} disabled={disabled || mode === 'view'} onChange={(e) => onChange?.(e.target.value)} />
      <Typography.Text type="secondary" data-testid="sms-length">{t('smsPush.length', { length, parts: smsParts(length) })}</Typography.Text>
    </>
  );
}

/** SMS pushes 短信推送 (DOMAIN 8.4): the generic page, with send, cancel and the recipients drawer. */
export default function SmsPushPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const canSend = useCan('smspush_send');
  const [open, setOpen] = useState<Row | null>(null);
  // `/message/smspush?pushId=` (DOMAIN 8.5; a notice push's link to its SMS channel) opens that push's recipients.
  const [address, setAddress] = useSearchParams();
  const linked = address.get('pushId');
  useEffect(() => {
    if (!linked) return;
    setAddress((a) => {
      const next = new URLSearchParams(a);
      next.delete('pushId');
      return next;
    }, { replace: true });
    void getData<Row>(`${PUSH}/detail/${linked}`).then(setOpen, () => undefined);
  }, [linked, setAddress]);
  const change = (row: Row, pushStatus: number, title: string) => modal.confirm({
    title,
    onOk: async () => {
      await http.post(`${PUSH}/submit`, { id: row.id, pushStatus });
      await client.invalidateQueries({ queryKey: entityKey(smsPushEntity) });
    },
  });
  return (
    <>
      <EntityPage
        entity={smsPushEntity}
        dialogWidth={880}
        refreshWhile={(rows) => rows.some((r) => Number(r.pushStatus) === PUSH_STATUS.sending)}
        fieldOverrides={{ content: { input: ContentInput } }}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setOpen(row)}>{t('smsPush.targets')}</Button>
            {canSend && Number(row.pushStatus) === PUSH_STATUS.draft && (
              <Button type="link" size="small" onClick={() => change(row, PUSH_STATUS.queued, t('smsPush.sendConfirm'))}>{t('smsPush.send')}</Button>
            )}
            {canSend && Number(row.pushStatus) === PUSH_STATUS.queued && (
              <Button type="link" size="small" danger onClick={() => change(row, PUSH_STATUS.cancelled, t('smsPush.cancelConfirm'))}>{t('smsPush.cancel')}</Button>
            )}
          </>
        )}
      />
      {open && <TargetsDrawer push={open} onClose={() => setOpen(null)} />}
    </>
  );
}
