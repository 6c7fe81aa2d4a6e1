/**
 * Short-lived shared state: captchas, sign-in failure counts, revoked tokens, caches. In memory for
 * a single process; in Redis when REDIS_URL is set, so any number of API processes share it.
 */
export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step (single-use values). */
  take(key: string): Promise<string | null>;
  /**
   * Sets the value only when the key holds none, in one step: of callers racing for the same key,
   * exactly one is answered true (spending a single-use token).
   */
  claim(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Adds one; the first increment starts the time to live. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  delete(...keys: string[]): Promise<void>;
  /** Deletes every key starting with the prefix. */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}
