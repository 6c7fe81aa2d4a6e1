import { Descriptions, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The parts of bpmn-js the panel uses. */
export interface ModdleElement {
  id: string;
  $type: string;
  name?: string;
  body?: string;
  eventDefinitions?: ModdleElement[];
  conditionExpression?: ModdleElement;
  timeDuration?: ModdleElement;
  timeDate?: ModdleElement;
  get(name: string): unknown;
}
export interface DiagramElement { id: string; type: string; businessObject: ModdleElement }
export interface ModelerParts {
  modeling: {
    updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
    updateModdleProperties(element: DiagramElement, target: ModdleElement, props: Record<string, unknown>): void;
  };
  moddle: { create(type: string, props: Record<string, unknown>): ModdleElement };
}

/** A text field that applies its value when it loses focus (one change on the undo stack, not one per key). */
function LazyInput({ label, value, onCommit, placeholder, multiline }: { label: string; value: string; onCommit: (value: string) => void; placeholder?: string; multiline?: boolean }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => { if (text.trim() !== value) onCommit(text.trim()); };
  const common = { value: text, placeholder, 'aria-label': label, onChange: (e: { target: { value: string } }) => setText(e.target.value), onBlur: commit };
  return multiline ? <Input.TextArea rows={2} {...common} /> : <Input {...common} onPressEnter={commit} />;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The properties of the selected element (the process itself when nothing is selected): id and
 * name; for a user task who works on it (assignee, candidate users, candidate groups as role
 * aliases) and its form key; for a sequence flow its condition; for a timer its duration or date.
 * The server checks all of it again on deploy.
 */
export function ElementProperties({ element, parts }: { element: DiagramElement; parts: ModelerParts }) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const set = (props: Record<string, unknown>) => parts.modeling.updateProperties(element, props);
  const optional = (value: string) => value || undefined;
  const timer = bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  const timerKind = timer?.timeDate ? 'timeDate' : 'timeDuration';
  const setTimer = (kind: string, value: string) => {
    if (!timer) return;
    const expression = value ? parts.moddle.create('bpmn:FormalExpression', { body: value }) : undefined;
    parts.modeling.updateModdleProperties(element, timer, kind === 'timeDate' ? { timeDate: expression, timeDuration: undefined } : { timeDuration: expression, timeDate: undefined });
  };
  const isProcess = bo.$type === 'bpmn:Process';
  return (
    <div className="bpmn-properties" role="form" aria-label={t('workflow.model.properties')}>
      <Typography.Title level={5}>{t('workflow.model.properties')}</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('workflow.model.type')}>{bo.$type.replace('bpmn:', '')}</Descriptions.Item>
        <Descriptions.Item label={t(isProcess ? 'workflow.admin.key' : 'workflow.model.id')}>
          <LazyInput label={t(isProcess ? 'workflow.admin.key' : 'workflow.model.id')} value={bo.id} onCommit={(id) => { if (id) set({ id }); }} />
        </Descriptions.Item>
        <Descriptions.Item label={t('workflow.model.name')}>
          <LazyInput label={t('workflow.model.name')} value={text(bo.name)} onCommit={(name) => set({ name: optional(name) })} />
        </Descriptions.Item>
        {bo.$type === 'bpmn:UserTask' && (
          <>
            <Descriptions.Item label={t('workflow.model.assignee')}>
              <LazyInput label={t('workflow.model.assignee')} value={text(bo.get('flowable:assignee'))} placeholder="${initiator}"
                onCommit={(v) => set({ 'flowable:assignee': optional(v) })} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.model.candidateUsers')}>
              <LazyInput label={t('workflow.model.candidateUsers')} value={text(bo.get('flowable:candidateUsers'))} placeholder={t('workflow.model.candidateUsersHint')}
                onCommit={(v) => set({ 'flowable:candidateUsers': optional(v) })} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.model.candidateGroups')}>
              <LazyInput label={t('workflow.model.candidateGroups')} value={text(bo.get('flowable:candidateGroups'))} placeholder={t('workflow.model.candidateGroupsHint')}
                onCommit={(v) => set({ 'flowable:candidateGroups': optional(v) })} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.model.formKey')}>
              <LazyInput label={t('workflow.model.formKey')} value={text(bo.get('flowable:formKey'))} onCommit={(v) => set({ 'flowable:formKey': optional(v) })} />
            </Descriptions.Item>
          </>
        )}
        {bo.$type === 'bpmn:SequenceFlow' && (
          <Descriptions.Item label={t('workflow.model.condition')}>
            <LazyInput label={t('workflow.model.condition')} value={text(bo.conditionExpression?.body)} placeholder="${pass && days > 3}" multiline
              onCommit={(v) => set({ conditionExpression: v ? parts.moddle.create('bpmn:FormalExpression', { body: v }) : undefined })} />
          </Descriptions.Item>
        )}
        {timer && (
          <Descriptions.Item label={t('workflow.model.timer')}>
            <Select value={timerKind} style={{ width: '100%', marginBottom: 8 }} aria-label={t('workflow.model.timerKind')}
              onChange={(kind) => setTimer(kind, text((timer[timerKind] as ModdleElement | undefined)?.body))}
              options={[{ value: 'timeDuration', label: t('workflow.model.timeDuration') }, { value: 'timeDate', label: t('workflow.model.timeDate') }]} />
            <LazyInput label={t('workflow.model.timerValue')} value={text((timer[timerKind] as ModdleElement | undefined)?.body)}
              placeholder={timerKind === 'timeDate' ? '2030-01-01T09:00:00' : 'PT1H / P1D'} onCommit={(v) => setTimer(timerKind, v)} />
          </Descriptions.Item>
        )}
      </Descriptions>
      {bo.$type === 'bpmn:SequenceFlow' && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('workflow.model.conditionHint')}</Typography.Paragraph>}
    </div>
  );
}
