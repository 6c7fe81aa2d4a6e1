import { createHmac, randomBytes } from 'node:crypto';

/**
 * The lucky draw of an activity (DOMAIN 6.1), fair and repeatable: the pool is put in a canonical
 * order (application numbers, then ids), a seed of 32 bytes is taken from the cryptographic random
 * source, and the pool is shuffled by Fisher–Yates with numbers drawn from HMAC-SHA256(seed,
 * counter), rejecting values that would favour small numbers. The seed, the canonical pool and
 * the drawn order are stored with the activity: anyone who repeats the shuffle with the same seed
 * and pool gets the same order, and the winners are its first entries.
 */
export interface DrawEntrant { id: string; applyNo: string | null }

/** A new seed: 64 hexadecimal digits from the cryptographic random source. */
export const newDrawSeed = (): string => randomBytes(32).toString('hex');

/** The pool in the order the shuffle starts from: application number, then id. */
export function canonicalPool(entrants: readonly DrawEntrant[]): string[] {
  return [...entrants]
    .sort((a, b) => (a.applyNo ?? '').localeCompare(b.applyNo ?? '') || (a.id.length - b.id.length) || a.id.localeCompare(b.id))
    .map((e) => e.id);
}

/** Uniform whole numbers below a bound from a seed: HMAC-SHA256(seed, counter), 48 bits at a time. */
class SeededNumbers {
  private counter = 0;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(private readonly seed: string) {}

  private next48(): number {
    if (this.offset + 6 > this.buffer.length) {
      this.buffer = createHmac('sha256', Buffer.from(this.seed, 'hex')).update(String(this.counter)).digest();
      this.counter += 1;
      this.offset = 0;
    }
    const value = this.buffer.readUIntBE(this.offset, 6);
    this.offset += 6;
    return value;
  }

  /** A whole number in [0, bound), without modulo bias. */
  below(bound: number): number {
    const range = 2 ** 48;
    const limit = range - (range % bound);
    for (;;) {
      const value = this.next48();
      if (value < limit) return value % bound;
    }
  }
}

/** The drawn order of a canonical pool under a seed (the same seed and pool: the same order). */
export function drawOrder(seed: string, pool: readonly string[]): string[] {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error('a draw seed is 64 hexadecimal digits');
  const order = [...pool];
  const numbers = new SeededNumbers(seed);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = numbers.below(i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}

/** One prize handed to one winner. */
export interface PrizeAward { applicationId: string; prizeLevel: string; prizeName: string; rank: number }

/**
 * Prizes handed out along the drawn order, from the highest level (the smallest key: 1 特等奖)
 * down; a pool smaller than the prizes makes everyone a winner and leaves the rest unassigned.
 */
export function awardPrizes(order: readonly string[], prizes: readonly { prizeLevel: string; prizeName: string; quantity: number }[]): PrizeAward[] {
  const slots = [...prizes]
    .sort((a, b) => Number(a.prizeLevel) - Number(b.prizeLevel))
    .flatMap((p) => Array.from({ length: p.quantity }, () => ({ prizeLevel: p.prizeLevel, prizeName: p.prizeName })));
  return order.slice(0, slots.length).map((applicationId, i) => ({ applicationId, ...(slots[i] as { prizeLevel: string; prizeName: string }), rank: i + 1 }));
}
