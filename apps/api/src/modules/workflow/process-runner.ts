import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { Timers } from 'bpmn-elements';
import { hasExpression, resolveTemplate } from './safe-expression.js';

/** A step's outcome: the engine state to save, the user tasks now waiting, the events passed. */
export interface StepResult {
  state: string;
  finished: boolean;
  /** Waiting user tasks (and other waiting elements) after the step, by element id. */
  waiting: { id: string; type: string; name: string }[];
  /** Start and end events passed during the step, in order. */
  passed: { id: string; type: string; name: string }[];
  variables: Record<string, unknown>;
  /** Timers waiting after the step: each is due at `expireAt`; `isNew` when this step set it. */
  timers: WaitingTimer[];
}

/** A timer event waiting in the saved state: the job queue wakes the instance when it is due. */
export interface WaitingTimer {
  id: string;
  expireAt: Date;
  isNew: boolean;
}

/** Names the engine puts among a process's variables that are not process variables. */
const ENGINE_KEYS = new Set(['fields', 'content', 'properties']);

/** bpmn-engine's expression handler, answered by the safe evaluator over the process variables. */
const expressions = {
  resolveExpression(expression: string, context: { environment?: { variables?: Record<string, unknown> } }) {
    return resolveTemplate(expression, context.environment?.variables ?? {});
  },
  isExpression: (text: unknown) => typeof text === 'string' && /^\s*\$\{[^}]*\}\s*$/.test(text),
  hasExpression,
};

/**
 * Scripts never run: the engine's default JavaScript handler is replaced by one that knows no
 * script (a condition then falls back to the expression evaluator; script elements are refused on deploy).
 */
const scripts = {
  register: () => undefined,
  getScript: () => undefined as never,
};

/**
 * Timers do not fire by themselves inside a step: a timer event waits in the saved state, the
 * step answers when it is due, and a job of the queue wakes the instance then (`fireTimer`). No
 * process holds an instance in memory between steps. A timer already due when a step recovers the
 * state completes at once (bpmn-elements does that on resume).
 */
const heldTimers = () => new Timers({ setTimeout: (() => ({ held: true })) as unknown as typeof setTimeout, clearTimeout: () => undefined });

/** What bpmn-elements keeps of a timer it set: its owner is the timer event's content. */
interface TimerRef {
  owner: { id?: string; expireAt?: Date | string; isResumed?: boolean } | null;
  expireAt: Date;
  callback: (...args: unknown[]) => void;
  args: unknown[];
}

const engineOptions = (timers: Timers) => ({ expressions, scripts, timers, settings: { enableDummyService: false } });

function waitingTimers(timers: Timers): WaitingTimer[] {
  return (timers.executing as unknown as TimerRef[]).filter((ref) => ref.owner?.id).map((ref) => ({
    id: String(ref.owner?.id),
    expireAt: new Date(ref.owner?.expireAt ?? ref.expireAt),
    isNew: !ref.owner?.isResumed,
  }));
}

function processVariables(variables: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) if (!ENGINE_KEYS.has(key)) out[key] = value;
  return out;
}

interface Watched { passed: StepResult['passed']; errors: Error[]; ended: boolean; timedOut: string[] }

/** Elements passed during a step that the history records: start, end, and timer events that fired. */
const RECORDED = new Set(['bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:IntermediateCatchEvent', 'bpmn:BoundaryEvent']);

function watch(engine: Engine): { listener: EventEmitter; seen: Watched } {
  const listener = new EventEmitter();
  const seen: Watched = { passed: [], errors: [], ended: false, timedOut: [] };
  engine.once('end', () => { seen.ended = true; });
  engine.on('error', (error: Error) => seen.errors.push(error));
  // An event's end is told by its event definition (type bpmn:TimerEventDefinition); the element is its owner.
  listener.on('activity.end', (api: { id: string; type: string; name?: string; owner?: { type?: string; name?: string } }) => {
    const type = api.owner?.type ?? api.type;
    if (RECORDED.has(type)) seen.passed.push({ id: api.id, type, name: api.owner?.name ?? api.name ?? api.id });
  });
  listener.on('activity.timeout', (api: { id: string }) => seen.timedOut.push(api.id));
  listener.on('error', (error: Error) => seen.errors.push(error));
  return { listener, seen };
}

async function settle(engine: Engine, seen: Watched, timers: Timers): Promise<StepResult> {
  const execution = engine.execution;
  if (seen.errors.length > 0) throw seen.errors[0];
  if (!execution) throw new Error('the process engine did not start');
  const postponed = execution.getPostponed();
  const finished = seen.ended;
  const variables = processVariables(postponed[0]?.environment.variables ?? execution.environment.variables ?? {});
  const state = JSON.stringify(await engine.getState());
  const waiting = postponed.map((api) => ({ id: api.id, type: api.type, name: api.name ?? api.id }));
  // Read before stopping: a stop clears the engine's timers.
  const pending = finished ? [] : waitingTimers(timers);
  // An ended engine has nothing to stop (and stopping it would wait for nothing).
  if (!finished) await engine.stop();
  if (seen.errors.length > 0) throw seen.errors[0];
  return { state, finished, waiting, passed: seen.passed, variables, timers: pending };
}

/**
 * Starts a process from its parsed BPMN file (bpmn-moddle's answer, read once per definition)
 * with the given variables and runs it until it waits or ends.
 */
export async function startProcess(name: string, moddleContext: unknown, variables: Record<string, unknown>): Promise<StepResult> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bpmn-moddle's parse result, typed loosely by bpmn-engine
  const timers = heldTimers();
  const engine = new Engine({ name, moddleContext: moddleContext as any, ...engineOptions(timers) });
  const { listener, seen } = watch(engine);
  await engine.execute({ listener, variables });
  return settle(engine, seen, timers);
}

/**
 * Recovers a saved process, sets the variables on it and signals one waiting element (a
 * completed user task), then runs until the process waits again or ends.
 */
export async function signalProcess(name: string, state: string, elementId: string, variables: Record<string, unknown>, output: Record<string, unknown> = {}): Promise<StepResult> {
  const timers = heldTimers();
  const engine = new Engine({ name, ...engineOptions(timers) }).recover(JSON.parse(state));
  const { listener, seen } = watch(engine);
  const execution = await engine.resume({ listener });
  const target = execution.getPostponed().find((api) => api.id === elementId);
  if (!target) {
    await engine.stop();
    throw new Error(`element ${elementId} is not waiting`);
  }
  Object.assign(target.environment.variables, variables);
  target.signal(output);
  return settle(engine, seen, timers);
}

/**
 * Wakes a saved process for the timer of `elementId`: timers already due complete on resume, and
 * this one completes now if it is due by `dueBy`. Answers null when no timer fired: the timer's
 * task was completed or cancelled first (a boundary timer went with it), or the element waits on
 * a later timer than the job was sent for.
 */
export async function fireTimer(name: string, state: string, elementId: string, dueBy: Date): Promise<StepResult | null> {
  const timers = heldTimers();
  const engine = new Engine({ name, ...engineOptions(timers) }).recover(JSON.parse(state));
  const { listener, seen } = watch(engine);
  await engine.resume({ listener });
  const ref = (timers.executing as unknown as TimerRef[]).find((r) => r.owner?.id === elementId);
  if (ref && new Date(ref.owner?.expireAt ?? ref.expireAt).getTime() <= dueBy.getTime()) ref.callback(...ref.args);
  if (seen.timedOut.length === 0 && seen.errors.length === 0) {
    if (!seen.ended) await engine.stop();
    return null;
  }
  return settle(engine, seen, timers);
}
