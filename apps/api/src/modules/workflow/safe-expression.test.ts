import { describe, expect, it } from 'vitest';
import { ExpressionError, checkTemplate, resolveTemplate } from './safe-expression.js';

describe('process expressions', () => {
  it('decide conditions and pick values from the process variables', () => {
    expect(resolveTemplate('${pass && days > 3}', { pass: true, days: 5 })).toBe(true);
    expect(resolveTemplate('${pass && days > 3}', { pass: true, days: 3 })).toBe(false);
    expect(resolveTemplate('${!pass}', { pass: false })).toBe(true);
    expect(resolveTemplate('${taskUser}', { taskUser: '1900000000000900002' })).toBe('1900000000000900002');
    expect(resolveTemplate('${leave.days >= 0.5 ? "long" : "short"}', { leave: { days: 1 } })).toBe('long');
    expect(resolveTemplate('用户 ${name} 的请假', { name: '王' })).toBe('用户 王 的请假');
    expect(resolveTemplate('${level == 2}', { level: '2' })).toBe(true);
  });

  it('refuse calls, assignments, this and prototype reads', () => {
    for (const bad of ['${process.exit(1)}', '${constructor.constructor("return 1")()}', '${a = 1}', '${this}', '${x.__proto__}', '${[1, 2]}', '${a; b}']) {
      expect(() => checkTemplate(bad), bad).toThrow(ExpressionError);
    }
    expect(() => resolveTemplate('${a[k]}', { a: {}, k: '__proto__' })).toThrow(ExpressionError);
  });
});
