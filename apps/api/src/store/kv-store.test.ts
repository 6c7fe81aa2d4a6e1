import { afterAll, describe, expect, it } from 'vitest';
import type { KvStore } from './kv-store.js';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';

const stores: [string, () => KvStore][] = [['memory', () => new MemoryStore()]];
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  stores.push(['redis', () => new RedisStore(url, `alumni-test-${process.pid}-${Date.now()}:`)]);
}

describe.each(stores)('%s store', (_, make) => {
  const store = make();
  afterAll(async () => {
    await store.deletePrefix('');
    await store.close();
  });

  it('keeps a value until it is deleted', async () => {
    await store.set('a', '1', 60);
    expect(await store.get('a')).toBe('1');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('gives a single-use value once', async () => {
    await store.set('captcha', 'ab12', 60);
    expect(await store.take('captcha')).toBe('ab12');
    expect(await store.take('captcha')).toBeNull();
  });

  it('lets exactly one of many racing callers claim a key', async () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => store.claim(`spent:${trial}`, String(i), 60)));
      expect(wins.filter(Boolean)).toHaveLength(1);
    }
    expect(await store.claim('spent:0', 'again', 60)).toBe(false);
    await store.delete('spent:0');
    expect(await store.claim('spent:0', 'again', 60)).toBe(true);
    expect(await store.get('spent:0')).toBe('again');
  });

  it('forgets a value after its time to live', async () => {
    await store.set('short', 'x', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('short')).toBeNull();
  });

  it('counts increments and keeps the first expiry', async () => {
    expect(await store.increment('fails', 60)).toBe(1);
    expect(await store.increment('fails', 60)).toBe(2);
    expect(await store.get('fails')).toBe('2');
  });

  it('deletes every key of a prefix and nothing else', async () => {
    await store.set('grant:1', 'a', 60);
    await store.set('grant:2', 'b', 60);
    await store.set('other', 'c', 60);
    await store.deletePrefix('grant:');
    expect(await store.get('grant:1')).toBeNull();
    expect(await store.get('grant:2')).toBeNull();
    expect(await store.get('other')).toBe('c');
  });
});
