/**
 * Lets at most `limit` tasks run at once; the others wait their turn, first come first served.
 * PostgreSQL lists go through one, so slow counts never hold every connection of the pool and
 * sign-in and the other requests always find one free.
 */
export class ReadGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`a read gate needs a limit of 1 or more (got ${limit})`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes straight to the next task
      else this.running--;
    }
  }
}
