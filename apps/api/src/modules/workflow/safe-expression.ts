import jsep from 'jsep';

/**
 * Expressions of process definitions (`${days > 3 && pass}`, `${taskUser}`), evaluated without
 * `eval`, `Function` or scripts: parsed by jsep and interpreted over a closed set of operators.
 * Names read process variables (and nothing else); no call, assignment or `this` is accepted,
 * so a definition can decide and pick values but never run code.
 */
export class ExpressionError extends Error {}

type Node = jsep.Expression;
type Scope = Record<string, unknown>;

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '==': (a, b) => loose(a, b),
  '!=': (a, b) => !loose(a, b),
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => (a as number) < (b as number),
  '<=': (a, b) => (a as number) <= (b as number),
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '+': (a, b) => (typeof a === 'string' || typeof b === 'string' ? `${String(a)}${String(b)}` : Number(a) + Number(b)),
  '-': (a, b) => Number(a) - Number(b),
  '*': (a, b) => Number(a) * Number(b),
  '/': (a, b) => Number(a) / Number(b),
  '%': (a, b) => Number(a) % Number(b),
};

/** `==` as process designers mean it: numbers and numeric text compare as numbers, the rest strictly. */
function loose(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  const x = Number(a), y = Number(b);
  return !Number.isNaN(x) && !Number.isNaN(y) && x === y;
}

const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

function read(target: unknown, key: unknown): unknown {
  if (target === null || target === undefined) return undefined;
  const name = String(key);
  if (FORBIDDEN_NAMES.has(name)) throw new ExpressionError(`property ${name} cannot be read`);
  if (typeof target !== 'object') return name === 'length' && typeof target === 'string' ? target.length : undefined;
  return Object.prototype.hasOwnProperty.call(target, name) ? (target as Record<string, unknown>)[name] : undefined;
}

function evaluate(node: Node, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal': return (node as jsep.Literal).value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'true') return true;
      if (name === 'false') return false;
      if (name === 'null') return null;
      return read(scope, name);
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const key = m.computed ? evaluate(m.property, scope) : (m.property as jsep.Identifier).name;
      return read(evaluate(m.object, scope), key);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const value = evaluate(u.argument, scope);
      if (u.operator === '!') return !value;
      if (u.operator === '-') return -Number(value);
      if (u.operator === '+') return Number(value);
      throw new ExpressionError(`operator ${u.operator} is not allowed`);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return evaluate(b.left, scope) && evaluate(b.right, scope);
      if (b.operator === '||') return evaluate(b.left, scope) || evaluate(b.right, scope);
      const op = BINARY[b.operator];
      if (!op) throw new ExpressionError(`operator ${b.operator} is not allowed`);
      return op(evaluate(b.left, scope), evaluate(b.right, scope));
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return evaluate(c.test, scope) ? evaluate(c.consequent, scope) : evaluate(c.alternate, scope);
    }
    default:
      throw new ExpressionError(`${node.type} is not allowed in a process expression`);
  }
}

const cache = new Map<string, Node>();

/** Parses an expression body (without `${}`), refusing what the interpreter would refuse. */
export function parseExpression(body: string): Node {
  const known = cache.get(body);
  if (known) return known;
  let node: Node;
  try {
    node = jsep(body);
  } catch (error) {
    throw new ExpressionError(`cannot read expression ${body}: ${(error as Error).message}`);
  }
  check(node);
  if (cache.size > 1000) cache.clear();
  cache.set(body, node);
  return node;
}

function check(node: Node): void {
  switch (node.type) {
    case 'Literal': case 'Identifier': return;
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      check(m.object);
      if (m.computed) check(m.property);
      else if (FORBIDDEN_NAMES.has((m.property as jsep.Identifier).name)) throw new ExpressionError('property not allowed');
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!['!', '-', '+'].includes(u.operator)) throw new ExpressionError(`operator ${u.operator} is not allowed`);
      check(u.argument);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator !== '&&' && b.operator !== '||' && !BINARY[b.operator]) throw new ExpressionError(`operator ${b.operator} is not allowed`);
      check(b.left);
      check(b.right);
      return;
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      check(c.test); check(c.consequent); check(c.alternate);
      return;
    }
    default:
      throw new ExpressionError(`${node.type} is not allowed in a process expression`);
  }
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

export const hasExpression = (text: unknown): boolean => typeof text === 'string' && /\$\{[^}]*\}/.test(text);

/** Every `${…}` of a text, parsed: a definition with one the interpreter refuses is refused on deploy. */
export function checkTemplate(text: string): void {
  for (const match of text.matchAll(PLACEHOLDER)) parseExpression((match[1] ?? '').trim());
}

/**
 * A text with `${…}` placeholders against variables: a text that is one placeholder answers the
 * value itself (a condition's boolean, an assignee's id); otherwise the placeholders are filled in.
 */
export function resolveTemplate(text: string, scope: Scope): unknown {
  const whole = /^\s*\$\{([^}]*)\}\s*$/.exec(text);
  if (whole) return evaluate(parseExpression((whole[1] ?? '').trim()), scope);
  return text.replace(PLACEHOLDER, (_, body: string) => {
    const value = evaluate(parseExpression(body.trim()), scope);
    return value === undefined || value === null ? '' : String(value);
  });
}
