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
 * Timers do not fire inside a step: a timer event waits in the saved state until the job queue
 * drives it (it does not exist yet), so no process holds an instance in memory between steps.
 */
const heldTimers = () => new Timers({ setTimeout: (() => ({ held: true })) as unknown as typeof setTimeout, clearTimeout: () => undefined });

const engineOptions = () => ({ expressions, scripts, timers: heldTimers(), settings: { enableDummyService: false } });

function processVariables(variables: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) if (!ENGINE_KEYS.has(key)) out[key] = value;
  return out;
}

interface Watched { passed: StepResult['passed']; errors: Error[]; ended: boolean }

function watch(engine: Engine): { listener: EventEmitter; seen: Watched } {
  const listener = new EventEmitter();
  const seen: Watched = { passed: [], errors: [], ended: false };
  engine.once('end', () => { seen.ended = true; });
  engine.on('error', (error: Error) => seen.errors.push(error));
  listener.on('activity.end', (api: { id: string; type: string; name?: string }) => {
    if (api.type === 'bpmn:StartEvent' || api.type === 'bpmn:EndEvent') seen.passed.push({ id: api.id, type: api.type, name: api.name ?? api.id });
  });
  listener.on('error', (error: Error) => seen.errors.push(error));
  return { listener, seen };
}

async function settle(engine: Engine, seen: Watched): Promise<StepResult> {
  const execution = engine.execution;
  if (seen.errors.length > 0) throw seen.errors[0];
  if (!execution) throw new Error('the process engine did not start');
  const postponed = execution.getPostponed();
  const finished = seen.ended;
  const variables = processVariables(postponed[0]?.environment.variables ?? execution.environment.variables ?? {});
  const state = JSON.stringify(await engine.getState());
  const waiting = postponed.map((api) => ({ id: api.id, type: api.type, name: api.name ?? api.id }));
  // An ended engine has nothing to stop (and stopping it would wait for nothing).
  if (!finished) await engine.stop();
  if (seen.errors.length > 0) throw seen.errors[0];
  return { state, finished, waiting, passed: seen.passed, variables };
}

/**
 * Starts a process from its parsed BPMN file (bpmn-moddle's answer, read once per definition)
 * with the given variables and runs it until it waits or ends.
 */
export async function startProcess(name: string, moddleContext: unknown, variables: Record<string, unknown>): Promise<StepResult> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bpmn-moddle's parse result, typed loosely by bpmn-engine
  const engine = new Engine({ name, moddleContext: moddleContext as any, ...engineOptions() });
  const { listener, seen } = watch(engine);
  await engine.execute({ listener, variables });
  return settle(engine, seen);
}

/**
 * Recovers a saved process, sets the variables on it and signals one waiting element (a
 * completed user task), then runs until the process waits again or ends.
 */
export async function signalProcess(name: string, state: string, elementId: string, variables: Record<string, unknown>, output: Record<string, unknown> = {}): Promise<StepResult> {
  const engine = new Engine({ name, ...engineOptions() }).recover(JSON.parse(state));
  const { listener, seen } = watch(engine);
  const execution = await engine.resume({ listener });
  const target = execution.getPostponed().find((api) => api.id === elementId);
  if (!target) {
    await engine.stop();
    throw new Error(`element ${elementId} is not waiting`);
  }
  Object.assign(target.environment.variables, variables);
  target.signal(output);
  return settle(engine, seen);
}
