import {
  MERGE_DEFAULT_FIELDS, MERGE_IDENTITY_FIELDS, MERGEABLE_FIELDS, MIN_OPINION_LENGTH, REGIST_STATUS, basicInfoEntity, registInfoEntity, studentEntity,
} from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Drawer, Empty, Form, Input, Radio, Row as GridRow, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, http } from '../../api/http';
import { fetchDetail } from '../../entity/entity-api';
import type { Row } from '../../entity/entity-api';
import { EntityView } from '../../entity/EntityView';
import { asLang } from '../../entity/field-text';
import { entityKey } from '../../entity/use-entity-list';

const BASE = registInfoEntity.api?.base ?? '';

interface Candidate {
  alumniId: string; alumniCode: string | null; name: string; idCardNo: string | null; phone: string | null;
  departmentName: string | null; enrollmentYear: number | null; matchLevel: number; matchRule: string;
}

type Detail = Row & { duplicateCandidates?: Candidate[]; pendingTwins?: { id: string; registNo: string }[]; rosterStudent?: Row | null };

const DEFAULT_OVERWRITE = new Set<string>(MERGE_DEFAULT_FIELDS);
const IDENTITY = new Set<string>(MERGE_IDENTITY_FIELDS);
const LEVEL_COLOURS: Record<number, string> = { 3: 'red', 2: 'orange', 1: 'blue' };

const shown = (row: Record<string, unknown> | undefined, name: string): string => {
  if (!row) return '';
  const named = row[`${name.endsWith('Id') ? name.slice(0, -2) : name}Name`];
  const value = named ?? row[name];
  return value === null || value === undefined ? '' : String(value);
};

interface Values { examineStatus: number; examineOpinion?: string; notify: boolean; mergeAlumniId?: string }

/**
 * 审核 of one registration (DOMAIN 4.2.7): the registration on the left; its possible duplicates,
 * the matched roster row and pending registrations of the same ID number on the right; below, the
 * verdict. Merging asks for the alumnus and shows, field by field, the registration's value beside
 * the record's, with the registration's chosen where 4.2.4 says so.
 */
export function RegistExamineDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const verdict = Form.useWatch('examineStatus', form);
  const target = Form.useWatch('mergeAlumniId', form);
  const [overwrite, setOverwrite] = useState<Set<string>>(new Set(DEFAULT_OVERWRITE));
  const detail = useQuery({
    queryKey: ['regist-examine', id], enabled: id !== null, staleTime: 0,
    queryFn: () => fetchDetail(registInfoEntity, String(id)) as Promise<Detail>,
  });
  const record = detail.data;
  const candidates = record?.duplicateCandidates ?? [];
  const mustMerge = candidates.some((c) => c.matchLevel === 3);
  const alumnus = useQuery({
    queryKey: ['regist-merge-target', target], enabled: !!target && verdict === REGIST_STATUS.merged,
    queryFn: () => fetchDetail(basicInfoEntity, String(target)),
  });

  useEffect(() => {
    if (!record) return;
    form.setFieldsValue({
      examineStatus: mustMerge ? REGIST_STATUS.merged : REGIST_STATUS.approved, examineOpinion: '', notify: true,
      mergeAlumniId: candidates[0]?.alumniId,
    });
  }, [record, mustMerge, candidates, form]);

  // Identity fields are taken where the record has none; contact and work fields by default (4.2.4).
  useEffect(() => {
    if (!alumnus.data) return;
    const chosen = new Set<string>(DEFAULT_OVERWRITE);
    for (const name of IDENTITY) if (!shown(alumnus.data, name)) chosen.add(name);
    setOverwrite(chosen);
  }, [alumnus.data]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const merging = values.examineStatus === REGIST_STATUS.merged;
      const result = (await http.put<{ data: { succeeded: number; failed: { msg: string }[] } }>(`${BASE}/manage/examine`, {
        ids: id, examineStatus: values.examineStatus, examineOpinion: values.examineOpinion?.trim() || undefined,
        notify: values.notify ? 1 : 0,
        ...(merging ? { mergeAlumniId: values.mergeAlumniId, overwriteFields: [...overwrite].filter((f) => (MERGEABLE_FIELDS as readonly string[]).includes(f)).join(',') } : {}),
      })).data.data;
      if (result.succeeded > 0) void message.success(t('examine.succeeded', { count: result.succeeded }));
      for (const failure of result.failed) void message.warning(`${t('examine.failed', { count: 1 })}: ${failure.msg}`);
      await client.invalidateQueries({ queryKey: entityKey(registInfoEntity) });
      if (result.succeeded > 0) onClose();
    } catch {
      // The HTTP client has shown the error; the drawer stays open.
    } finally {
      setSaving(false);
    }
  };

  const comparison = useMemo(() => MERGEABLE_FIELDS.map((name) => ({
    key: name, field: registInfoEntity.fields[name]?.label[lang] ?? name,
    regist: shown(record, name), current: shown(alumnus.data, name),
  })).filter((r) => r.regist !== ''), [record, alumnus.data, lang]);

  const studentFields = ['studentNo', 'name', 'departmentId', 'specialityId', 'educationLevel', 'enrollmentYear', 'graduationYear', 'className', 'studyStatus'] as const;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={t('regist.drawerTitle', { registNo: record?.registNo ?? '' })}
      footer={(
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={!record} onClick={() => void submit().catch(() => undefined)}>{t('crud.ok')}</Button>
        </Space>
      )}
    >
      {!record ? <Spin /> : (
        <>
          <GridRow gutter={16}>
            <Col xs={24} lg={13}>
              <Typography.Title level={5}>{t('regist.registration')}</Typography.Title>
              <EntityView entity={registInfoEntity} row={record} />
            </Col>
            <Col xs={24} lg={11}>
              <section aria-label={t('regist.candidates')}>
                <Typography.Title level={5}>{t('regist.candidates')}</Typography.Title>
                {candidates.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('regist.noCandidates')} /> : (
                  <Table<Candidate>
                    size="small" rowKey="alumniId" pagination={false} dataSource={candidates}
                    columns={[
                      { key: 'level', title: t('regist.level'), width: 64, render: (_, c) => <Tag color={LEVEL_COLOURS[c.matchLevel]}>{t(`regist.levels.${c.matchLevel}`)}</Tag> },
                      { key: 'name', title: t('regist.alumniCode'), render: (_, c) => <>{c.name}<br /><Typography.Text type="secondary">{c.alumniCode}</Typography.Text></> },
                      { key: 'rule', title: t('regist.rule'), render: (_, c) => t(`regist.rules.${c.matchRule}`) },
                      { key: 'unit', title: t('regist.departmentName'), render: (_, c) => <>{c.departmentName}<br />{c.enrollmentYear}</> },
                      {
                        key: 'compare', width: 64,
                        render: (_, c) => <Button type="link" size="small" onClick={() => form.setFieldsValue({ examineStatus: REGIST_STATUS.merged, mergeAlumniId: c.alumniId })}>{t('regist.compare')}</Button>,
                      },
                    ]}
                  />
                )}
              </section>
              <section aria-label={t('regist.roster')}>
                <Typography.Title level={5} style={{ marginTop: 16 }}>{t('regist.roster')}</Typography.Title>
                {record.rosterStudent ? (
                  <Table
                    size="small" pagination={false} rowKey="key"
                    dataSource={studentFields.map((name) => ({
                      key: name, field: studentEntity.fields[name].label[lang], regist: shown(record, name), roster: shown(record.rosterStudent ?? undefined, name),
                    }))}
                    columns={[
                      { key: 'field', dataIndex: 'field', title: t('regist.field') },
                      { key: 'regist', dataIndex: 'regist', title: t('regist.registValue') },
                      { key: 'roster', dataIndex: 'roster', title: t('regist.roster') },
                    ]}
                  />
                ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('regist.noRoster')} />}
              </section>
              {(record.pendingTwins ?? []).length > 0 && (
                <section aria-label={t('regist.twins')}>
                  <Typography.Title level={5} style={{ marginTop: 16 }}>{t('regist.twins')}</Typography.Title>
                  {(record.pendingTwins ?? []).map((twin) => <Tag key={twin.id}>{twin.registNo}</Tag>)}
                </section>
              )}
            </Col>
          </GridRow>
          <Form form={form} layout="vertical" style={{ marginTop: 16 }} aria-label={t('examine.result')}>
            <Form.Item name="examineStatus" label={t('examine.result')} rules={[{ required: true }]} extra={mustMerge ? t('regist.mustMerge') : undefined}>
              <Radio.Group>
                <Radio value={REGIST_STATUS.approved} disabled={mustMerge}>{t('regist.approveNew')}</Radio>
                <Radio value={REGIST_STATUS.merged}>{t('regist.merge')}</Radio>
                <Radio value={REGIST_STATUS.rejected}>{t('regist.reject')}</Radio>
              </Radio.Group>
            </Form.Item>
            {verdict === REGIST_STATUS.merged && (
              <>
                <Form.Item name="mergeAlumniId" label={t('regist.mergeTarget')} rules={[{ required: true, message: t('regist.mergeTargetRequired') }]}>
                  <Radio.Group options={candidates.map((c) => ({ value: c.alumniId, label: `${c.name} ${c.alumniCode ?? ''}` }))} />
                </Form.Item>
                {alumnus.data && (
                  <Table
                    size="small" pagination={false} rowKey="key" dataSource={comparison} style={{ marginBottom: 16 }}
                    aria-label={t('regist.useRegist')}
                    columns={[
                      { key: 'field', dataIndex: 'field', title: t('regist.field') },
                      { key: 'regist', dataIndex: 'regist', title: t('regist.registValue') },
                      { key: 'current', dataIndex: 'current', title: t('regist.alumniValue') },
                      {
                        key: 'use', title: t('regist.useRegist'), width: 120,
                        render: (_, r) => (
                          <Checkbox
                            aria-label={`${t('regist.useRegist')} ${r.field}`}
                            checked={overwrite.has(r.key)}
                            onChange={(e) => setOverwrite((s) => {
                              const next = new Set(s);
                              if (e.target.checked) next.add(r.key); else next.delete(r.key);
                              return next;
                            })}
                          />
                        ),
                      },
                    ]}
                  />
                )}
              </>
            )}
            <Form.Item
              name="examineOpinion"
              label={t('examine.opinion')}
              rules={[{
                validator: async (_, value: string | undefined) => {
                  if (verdict === REGIST_STATUS.rejected && [...(value ?? '').trim()].length < MIN_OPINION_LENGTH) throw new Error(t('examine.opinionRequired'));
                },
              }]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('examine.opinionPlaceholder')} />
            </Form.Item>
            <Form.Item name="notify" valuePropName="checked">
              <Checkbox>{t('regist.notify')}</Checkbox>
            </Form.Item>
          </Form>
        </>
      )}
    </Drawer>
  );
}
