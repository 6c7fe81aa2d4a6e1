import {
  BUSINESS_DICTIONARIES, OPTION_TYPES, QUESTION_TYPE, CONDITION_TYPES, optionInstructionEntity, optionLabelOf, subjectRegistEntity,
  type SurveySubjectView, type SurveyView,
} from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, List, Row, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Model } from 'survey-core';
import 'survey-core/i18n/simplified-chinese';
import 'survey-core/survey-core.min.css';
import { Survey } from 'survey-react-ui';
import { getData, postData } from '../../api/http';
import { asLang } from '../../entity/field-text';
import { toRunnerJson } from './survey-json';

const SUBJECT = subjectRegistEntity.api?.base ?? '';
const OPTION = optionInstructionEntity.api?.base ?? '';
const TYPES = BUSINESS_DICTIONARIES.find((d) => d.code === 'question_type')?.entries ?? [];

interface OptionDraft { id?: string; optionLabel: string; optionContent: string; instruction?: string | null; allowFill?: number }

/** The selected question's properties and options; saved through 9.2 and 9.3. */
function QuestionForm({ surveyId, subject, subjects, onSaved }: {
  surveyId: string; subject: SurveySubjectView | null; subjects: SurveySubjectView[]; onSaved: (id: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('questionType', form) as string | undefined;
  const conditionSubject = Form.useWatch('showIfSubject', form) as string | undefined;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(subject ? {
      ...subject, isRequired: subject.isRequired === 1, showIfSubject: subject.showIf?.subjectId, showIfOptions: subject.showIf?.optionIds ?? [],
    } : { questionType: QUESTION_TYPE.single, isRequired: true, matrixColumns: [] });
    setOptions(subject ? subject.options.map((o) => ({ ...o })) : []);
    setRemoved([]);
  }, [subject, form]);

  const earlier = subjects.filter((s) => CONDITION_TYPES.includes(s.questionType) && (!subject || s.subjectNo < subject.subjectNo));
  const target = subjects.find((s) => s.id === conditionSubject);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const showIf = v.showIfSubject && v.showIfOptions?.length ? JSON.stringify({ subjectId: v.showIfSubject, optionIds: v.showIfOptions }) : '';
      const saved = await postData<{ id: string }>(`${SUBJECT}/submit`, {
        ...(subject ? { id: subject.id } : { surveyId, subjectNo: subjects.length + 1 }),
        subjectTitle: v.subjectTitle, questionType: v.questionType, isRequired: v.isRequired ? 1 : 0, hint: v.hint ?? '',
        minSelect: v.minSelect ?? null, maxSelect: v.maxSelect ?? null, scoreMax: v.scoreMax ?? null, maxLength: v.maxLength ?? null,
        numberMin: v.numberMin ?? null, numberMax: v.numberMax ?? null, showIf,
        matrixColumns: v.questionType === QUESTION_TYPE.matrix ? JSON.stringify(v.matrixColumns ?? []) : '',
      });
      for (const id of removed) await postData(`${OPTION}/remove`, undefined, { ids: id });
      if (OPTION_TYPES.includes(v.questionType)) {
        for (const [i, o] of options.entries()) {
          await postData(`${OPTION}/submit`, {
            ...(o.id ? { id: o.id } : { subjectId: saved.id }), optionLabel: o.optionLabel, optionContent: o.optionContent,
            instruction: o.instruction ?? '', allowFill: o.allowFill ?? 0, sort: i + 1,
          });
        }
      }
      void message.success(t('survey.saved'));
      await onSaved(saved.id);
    } finally {
      setBusy(false);
    }
  };

  const setOption = (i: number, patch: Partial<OptionDraft>) => setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...patch } : o)));

  return (
    <Form form={form} layout="vertical" size="small" data-testid="question-form">
      <Form.Item name="subjectTitle" label={t('survey.q.title')} rules={[{ required: true, message: t('survey.q.titleRequired') }, { max: 200 }]}>
        <Input />
      </Form.Item>
      <Space wrap>
        <Form.Item name="questionType" label={t('survey.q.type')} rules={[{ required: true }]}>
          <Select style={{ width: 140 }} options={TYPES.map((e) => ({ value: e.key, label: lang === 'en' ? e.valueEn : e.value }))} />
        </Form.Item>
        <Form.Item name="isRequired" label={t('survey.q.required')} valuePropName="checked"><Switch /></Form.Item>
      </Space>
      <Form.Item name="hint" label={t('survey.q.hint')} rules={[{ max: 200 }]}><Input /></Form.Item>
      {type === QUESTION_TYPE.multiple && (
        <Space>
          <Form.Item name="minSelect" label={t('survey.q.minSelect')}><InputNumber min={1} max={200} /></Form.Item>
          <Form.Item name="maxSelect" label={t('survey.q.maxSelect')}><InputNumber min={1} max={200} /></Form.Item>
        </Space>
      )}
      {type === QUESTION_TYPE.rating && <Form.Item name="scoreMax" label={t('survey.q.scoreMax')}><InputNumber min={3} max={10} /></Form.Item>}
      {(type === QUESTION_TYPE.shortText || type === QUESTION_TYPE.longText) && (
        <Form.Item name="maxLength" label={t('survey.q.maxLength')}><InputNumber min={1} max={2000} /></Form.Item>
      )}
      {type === QUESTION_TYPE.number && (
        <Space>
          <Form.Item name="numberMin" label={t('survey.q.numberMin')}><InputNumber /></Form.Item>
          <Form.Item name="numberMax" label={t('survey.q.numberMax')}><InputNumber /></Form.Item>
        </Space>
      )}
      {type === QUESTION_TYPE.matrix && (
        <Form.Item name="matrixColumns" label={t('survey.q.matrixColumns')} rules={[{ type: 'array', min: 2, max: 10, message: t('survey.q.matrixColumnsRule') }]}>
          <Select mode="tags" open={false} />
        </Form.Item>
      )}
      <Form.Item name="showIfSubject" label={t('survey.q.showIf')}>
        <Select allowClear placeholder={t('survey.q.always')} options={earlier.map((s) => ({ value: s.id, label: `${s.subjectNo}. ${s.subjectTitle}` }))}
          onChange={() => form.setFieldValue('showIfOptions', [])} data-testid="show-if-subject" />
      </Form.Item>
      {target && (
        <Form.Item name="showIfOptions" label={t('survey.q.showIfOptions')} rules={[{ required: true, message: t('survey.q.showIfOptionsRequired') }]}>
          <Select mode="multiple" options={target.options.map((o) => ({ value: o.id, label: `${o.optionLabel}. ${o.optionContent}` }))} data-testid="show-if-options" />
        </Form.Item>
      )}
      {type && OPTION_TYPES.includes(type) && (
        <Card size="small" title={type === QUESTION_TYPE.matrix ? t('survey.q.rows') : t('survey.q.options')}
          extra={<Button size="small" onClick={() => setOptions((l) => [...l, { optionLabel: optionLabelOf(l.length), optionContent: '' }])}>{t('survey.q.addOption')}</Button>}>
          {options.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          {options.map((o, i) => (
            <Space key={o.id ?? `new-${i}`} align="start" wrap style={{ marginBottom: 8 }}>
              <Tag>{o.optionLabel}</Tag>
              <Input placeholder={t('survey.q.optionContent')} value={o.optionContent} onChange={(e) => setOption(i, { optionContent: e.target.value })} style={{ width: 150 }} aria-label={`option-${i + 1}`} />
              <Input placeholder={t('survey.q.instruction')} value={o.instruction ?? ''} onChange={(e) => setOption(i, { instruction: e.target.value })} style={{ width: 150 }} />
              <Switch size="small" checkedChildren={t('survey.q.fill')} unCheckedChildren={t('survey.q.fill')} checked={o.allowFill === 1} onChange={(c) => setOption(i, { allowFill: c ? 1 : 0 })} />
              <Button size="small" danger type="link" onClick={() => {
                if (o.id) setRemoved((r) => [...r, o.id as string]);
                setOptions((l) => l.filter((_, j) => j !== i));
              }}>{t('survey.remove')}</Button>
            </Space>
          ))}
        </Card>
      )}
      <Button type="primary" loading={busy} onClick={() => void save()} style={{ marginTop: 12 }} data-testid="save-question">{t('survey.saveQuestion')}</Button>
    </Form>
  );
}

/**
 * 设计 (DOMAIN 9.1): the question list on the left, a live preview in the middle (the answer page's
 * own runner), the selected question's properties and options on the right. It saves through the
 * question and option calls and reloads through `getQuestionnaireSurvey`.
 */
export default function SurveyDesignPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { modal, message } = App.useApp();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const key = ['survey-design', id];
  const { data, isLoading } = useQuery({ queryKey: key, queryFn: () => getData<SurveyView>(`${SUBJECT}/getQuestionnaireSurvey`, { surveyId: id }) });
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const subjects = useMemo(() => data?.subjects ?? [], [data]);
  const subject = subjects.find((s) => s.id === selected) ?? null;

  const preview = useMemo(() => {
    if (!data) return null;
    const m = new Model({ title: data.survey.title, showQuestionNumbers: 'on', elements: toRunnerJson(subjects, { fill: t('survey.answer.fill') }) });
    m.locale = lang === 'en' ? 'en' : 'zh-cn';
    m.showCompleteButton = false;
    return m;
  }, [data, subjects, lang, t]);

  const reload = async (focus?: string) => {
    await client.invalidateQueries({ queryKey: key });
    if (focus) setSelected(focus);
  };
  const move = async (index: number, by: number) => {
    const ids = subjects.map((s) => s.id);
    const [item] = ids.splice(index, 1);
    ids.splice(index + by, 0, item as string);
    await postData(`${SUBJECT}/sort`, { surveyId: id, ids });
    await reload();
  };
  const remove = (s: SurveySubjectView) => modal.confirm({
    title: `${s.subjectNo}. ${s.subjectTitle}`, content: t('survey.removeQuestionConfirm'),
    onOk: async () => {
      await postData(`${SUBJECT}/remove`, undefined, { ids: s.id });
      const rest = subjects.filter((x) => x.id !== s.id).map((x) => x.id);
      if (rest.length) await postData(`${SUBJECT}/sort`, { surveyId: id, ids: rest });
      void message.success(t('survey.removed'));
      setSelected(null);
      await reload();
    },
  });

  if (isLoading || !data) return <Skeleton active />;
  const frozen = data.survey.answerCount > 0;
  return (
    <div style={{ padding: 12 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>{t('survey.designTitle', { title: data.survey.title })}</Typography.Title>
      {frozen && <Typography.Paragraph type="warning">{t('survey.frozenNote')}</Typography.Paragraph>}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={6}>
          <Card size="small" title={t('survey.questions')} extra={!frozen && <Button size="small" type="primary" onClick={() => setSelected('new')} data-testid="add-question">{t('survey.addQuestion')}</Button>}>
            <List size="small" dataSource={subjects} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} renderItem={(s, i) => (
              <List.Item style={{ cursor: 'pointer', display: 'block', background: s.id === selected ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined }}
                onClick={() => setSelected(s.id)}>
                <Typography.Text>{s.subjectNo}. {s.subjectTitle}</Typography.Text>
                <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 4 }}>
                  {s.showIf && <Tag color="blue">{t('survey.conditional')}</Tag>}
                  <span style={{ flex: 1 }} />
                  <Button size="small" type="text" aria-label="up" disabled={i === 0} onClick={(e) => { e.stopPropagation(); void move(i, -1); }}>↑</Button>
                  <Button size="small" type="text" aria-label="down" disabled={i === subjects.length - 1} onClick={(e) => { e.stopPropagation(); void move(i, 1); }}>↓</Button>
                  {!frozen && <Button size="small" type="text" danger aria-label="remove" onClick={(e) => { e.stopPropagation(); remove(s); }}>×</Button>}
                </div>
              </List.Item>
            )} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('survey.preview')} styles={{ body: { padding: 0 } }} data-testid="survey-preview">
            {preview && <Survey model={preview} />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={selected === 'new' ? t('survey.newQuestion') : t('survey.properties')}>
            {selected ? <QuestionForm surveyId={id} subject={subject} subjects={subjects} onSaved={reload} /> : <Empty description={t('survey.pickQuestion')} />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
