import { describe, expect, it } from 'vitest';
import { ReadGate } from './read-gate.js';

/** A task that finishes when told to, recording when it started. */
function deferred(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return { task: () => { started.push(name); return done; }, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('read gate', () => {
  it('runs at most its limit at once, the rest in arrival order', async () => {
    const gate = new ReadGate(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => deferred(started, n));
    const results = [a, b, c, d].map((t) => gate.run(t!.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new ReadGate(1);
    const started: string[] = [];
    const [a, b] = ['a', 'b'].map((n) => deferred(started, n));
    const first = gate.run(a!.task);
    const second = gate.run(b!.task);
    a!.fail(new Error('query failed'));
    await expect(first).rejects.toThrow('query failed');
    await tick();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    expect(await second).toBe('b');
  });

  it('refuses a limit below 1', () => {
    expect(() => new ReadGate(0)).toThrow();
  });
});
