import { ISOInterval, getDate } from '@0dep/piso';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { t, type Text } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { ExpressionError, checkTemplate } from './safe-expression.js';

/** Who may work on a user task: its assignee, candidate users and candidate groups (role aliases). */
export interface TaskRule {
  id: string;
  name: string;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
  formKey: string | null;
}

/** What the workflow reads of a deployed BPMN file besides what the engine runs. */
export interface ProcessModel {
  key: string;
  name: string;
  /** The start event's `initiator` variable: the starter's user id is put there. */
  initiator: string | null;
  tasks: Map<string, TaskRule>;
  /** Names of every flow node, for history rows. */
  names: Map<string, string>;
  /** The parsed file, handed to the engine so a start does not parse the XML again. */
  context: unknown;
}

const BAD_XML = t('流程文件无法解析：{reason}', 'The process file cannot be read: {reason}');
const NO_PROCESS = t('流程文件中没有可执行的流程', 'The process file holds no executable process');
const NO_KEY = t('流程标识只能包含字母、数字、下划线和连字符，且以字母开头（最多 64 个字符）', 'The process key must start with a letter and hold only letters, digits, underscores and hyphens (at most 64 characters)');
const REFUSED = t('流程元素 {id} 不被支持：{reason}', 'Process element {id} is not supported: {reason}');

/** Elements that would run code or call out; a definition holding one is refused on deploy. */
const REFUSED_TYPES: Record<string, Text> = {
  'bpmn:ScriptTask': t('不允许脚本任务', 'script tasks are not allowed'),
  'bpmn:ServiceTask': t('不允许服务任务', 'service tasks are not allowed'),
  'bpmn:BusinessRuleTask': t('不允许业务规则任务', 'business rule tasks are not allowed'),
  'bpmn:SendTask': t('不允许发送任务', 'send tasks are not allowed'),
  'bpmn:CallActivity': t('不允许调用活动', 'call activities are not allowed'),
};

const TIMER = {
  cycle: t('不支持周期定时器（timeCycle），请用时长（如 PT1H）或日期', 'Timer cycles (timeCycle) are not supported; use a duration (such as PT1H) or a date'),
  start: t('开始事件不能是定时器：流程由人发起', 'A start event cannot be a timer: people start processes'),
  missing: t('定时器需要时长（如 PT1H、P1D）或日期（如 2030-01-01T09:00:00）', 'A timer needs a duration (such as PT1H or P1D) or a date (such as 2030-01-01T09:00:00)'),
  duration: (value: string) => t(`时长 ${value} 不是 ISO 8601 时长（如 PT1H、P1D）`, `duration ${value} is not an ISO 8601 duration (such as PT1H or P1D)`),
  date: (value: string) => t(`日期 ${value} 不是 ISO 8601 日期时间（如 2030-01-01T09:00:00）`, `date ${value} is not an ISO 8601 date-time (such as 2030-01-01T09:00:00)`),
};

/**
 * A timer event's definition, read as the engine will read it: an ISO 8601 duration (`timeDuration`)
 * or date (`timeDate`), or an expression giving one when the timer starts. Cycles are refused.
 */
function checkTimer(element: ModdleElement, definition: ModdleElement): void {
  const id = element.id ?? '?';
  if (element.$type === 'bpmn:StartEvent') throw refuse(id, TIMER.start);
  const body = (name: string) => {
    const expression = definition[name] as ModdleElement | undefined;
    return expression ? String(expression.body ?? '').trim() : null;
  };
  if (body('timeCycle') !== null) throw refuse(id, TIMER.cycle);
  const duration = body('timeDuration');
  const date = body('timeDate');
  if (!duration && !date) throw refuse(id, TIMER.missing);
  for (const [value, kind] of [[duration, 'duration'], [date, 'date']] as const) {
    if (!value) continue;
    if (value.includes('${')) {
      checkExpression(id, value);
      continue;
    }
    try {
      if (kind === 'duration') {
        const parsed = new ISOInterval(value).parse();
        if (!parsed.duration || parsed.start || parsed.end || parsed.repeat) throw new Error('not a duration');
      } else if (Number.isNaN(getDate(value).getTime())) throw new Error('not a date');
    } catch {
      throw refuse(id, kind === 'duration' ? TIMER.duration(value) : TIMER.date(value));
    }
  }
}

/** An extension attribute whatever its prefix (`flowable:assignee`, `camunda:assignee`, `activiti:assignee`). */
function extension(element: ModdleElement, name: string): string | null {
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    if (key === name || key.endsWith(`:${name}`)) return value.trim() || null;
  }
  return null;
}

const refuse = (id: string, reason: Text) => badRequest({
  zh: REFUSED.zh.replace('{id}', id).replace('{reason}', reason.zh),
  en: REFUSED.en.replace('{id}', id).replace('{reason}', reason.en),
});

function checkExpression(id: string, text: string | null): void {
  if (!text) return;
  try {
    checkTemplate(text);
  } catch (error) {
    if (error instanceof ExpressionError) throw refuse(id, t(`表达式 ${text} 不被支持`, `expression ${text} is not supported (${error.message})`));
    throw error;
  }
}

/**
 * Reads a BPMN 2.0 file and checks it is safe to run: no script, service or call elements, no
 * condition in a script language, and every `${…}` readable by the safe expression evaluator.
 */
export async function readProcessModel(xml: string): Promise<ProcessModel> {
  let root: ModdleElement;
  let context: unknown;
  try {
    const parsed = await new BpmnModdle().fromXML(xml);
    root = parsed.rootElement;
    context = parsed;
  } catch (error) {
    throw badRequest(BAD_XML, { reason: (error as Error).message.split('\n')[0] ?? '' });
  }
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const process = processes.find((p) => p.isExecutable !== false) ?? processes[0];
  if (!process || !process.id) throw badRequest(NO_PROCESS);
  if (processes.length > 1) throw refuse(String(processes[1]?.id), t('一个文件只能包含一个流程', 'a file holds one process only'));
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(process.id)) throw badRequest(NO_KEY);
  const model: ProcessModel = { key: process.id, name: process.name || process.id, initiator: null, tasks: new Map(), names: new Map(), context };
  const walk = (elements: ModdleElement[]) => {
    for (const element of elements) {
      const id = element.id ?? '?';
      const refused = REFUSED_TYPES[element.$type];
      if (refused) throw refuse(id, refused);
      model.names.set(id, element.name || id);
      if (element.$type === 'bpmn:SequenceFlow') {
        const condition = element.conditionExpression as ModdleElement | undefined;
        if (condition) {
          if (condition.language) throw refuse(id, t('条件只能是表达式，不能是脚本', 'a condition must be an expression, never a script'));
          checkExpression(id, String(condition.body ?? ''));
        }
      }
      for (const definition of (element.eventDefinitions as ModdleElement[] | undefined) ?? []) {
        const condition = definition.condition as ModdleElement | undefined;
        if (condition?.language) throw refuse(id, t('条件只能是表达式，不能是脚本', 'a condition must be an expression, never a script'));
        if (definition.$type === 'bpmn:TimerEventDefinition') checkTimer(element, definition);
      }
      if (element.$type === 'bpmn:StartEvent' && !model.initiator) model.initiator = extension(element, 'initiator');
      if (element.$type === 'bpmn:UserTask') {
        const rule: TaskRule = {
          id, name: element.name || id,
          assignee: extension(element, 'assignee'),
          candidateUsers: extension(element, 'candidateUsers'),
          candidateGroups: extension(element, 'candidateGroups'),
          formKey: extension(element, 'formKey'),
        };
        for (const text of [rule.assignee, rule.candidateUsers, rule.candidateGroups]) checkExpression(id, text);
        model.tasks.set(id, rule);
      }
      if (element.$type === 'bpmn:SubProcess') walk((element.flowElements as ModdleElement[] | undefined) ?? []);
    }
  };
  walk((process.flowElements as ModdleElement[] | undefined) ?? []);
  return model;
}
