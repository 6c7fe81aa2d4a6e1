import { Redis } from 'ioredis';
import type { KvStore } from './kv-store.js';

export class RedisStore implements KvStore {
  private readonly redis: Redis;

  /** The connection, for parts that keep their own keys under `keyPrefix` (the abuse limits). */
  get connection(): Redis {
    return this.redis;
  }

  get keyPrefix(): string {
    return this.prefix;
  }

  constructor(url: string, private readonly prefix = 'alumni:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }

  async claim(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async increment(key: string, ttlSeconds: number) {
    const full = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(full).expire(full, ttlSeconds, 'NX').exec()) as [[unknown, number]];
    return count;
  }

  async delete(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k));
  }

  async deletePrefix(prefix: string) {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await this.redis.del(...keys);
    } while (cursor !== '0');
  }

  async close() {
    await this.redis.quit();
  }
}
