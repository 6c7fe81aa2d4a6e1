/**
 * Snowflake ids: 41 bits of milliseconds since 2010-11-04, 10 bits of worker, 12 bits of sequence.
 * Time-ordered 64-bit integers, always carried as strings in JSON.
 */
const EPOCH = 1288834974657n;

export class IdGenerator {
  private lastMs = -1n;
  private sequence = 0n;

  constructor(private readonly worker: bigint = BigInt(process.pid % 1024)) {}

  next(): string {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // clock stepped back: keep ids increasing
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1n) & 4095n;
      if (this.sequence === 0n) now = this.lastMs + 1n; // sequence exhausted: borrow the next millisecond
    } else {
      this.sequence = 0n;
    }
    this.lastMs = now;
    return (((now - EPOCH) << 22n) | (this.worker << 12n) | this.sequence).toString();
  }
}

export const ids = new IdGenerator();

/** The lowest id made at a millisecond (ids made later are greater): a time bound as an id bound. */
export const firstIdAt = (ms: number): string => ((BigInt(Math.max(Math.floor(ms), Number(EPOCH))) - EPOCH) << 22n).toString();
