import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { WRITE_CHANNEL } from './write-notices.js';

/** How many answers are kept (per process on PostgreSQL, per reader thread on SQLite), the least recently used leaving first. */
export const KEPT_ANSWERS = 256;

/** A query and its values as the key its kept answer is found by. */
export const keptKey = (query: CompiledQuery): string =>
  JSON.stringify([query.sql, query.parameters], (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
/** How long after a lost listening connection a new one is tried. */
const RELISTEN_MS = 1000;

/**
 * Answers of read queries (a list's total) kept on PostgreSQL until anything is written to an entity's
 * table. Every answer is dropped when this process writes (see `NoticingDriver`: after each write
 * statement and each commit) and when PostgreSQL notifies a committed write of any process
 * (`write-notices.ts`). Nothing is kept while the listening connection is down, nor before it first
 * listens: a notice missed then could leave an answer standing after a write.
 */
export class KeptAnswers {
  private generation = 0;
  private listening = false;
  private readonly answers = new Map<string, unknown[]>();
  /** Reads under way, by key, with the generation they started in. */
  private readonly running = new Map<string, { generation: number; rows: Promise<unknown[]> }>();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly url: string) {
    void this.listen();
  }

  /** Forgets every kept answer, and any read under way keeps its answer to itself. */
  drop(): void {
    this.generation++;
    this.answers.clear();
  }

  /**
   * The answer kept for the query, else `run()`'s, kept when no write came while it ran. Asked again
   * while it runs, with no write since it started, the same run answers both: after a write, twenty
   * pages of one search count once, not twenty times side by side.
   */
  async read<R>(key: string, run: () => Promise<{ rows: R[] }>): Promise<{ rows: R[] }> {
    if (!this.listening) return run();
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return { rows: kept as R[] };
    }
    const generation = this.generation;
    const running = this.running.get(key);
    if (running && running.generation === generation) return { rows: (await running.rows) as R[] };
    const rows = run().then((result) => result.rows);
    this.running.set(key, { generation, rows });
    try {
      const answer = await rows;
      if (generation === this.generation && this.listening) {
        this.answers.set(key, answer);
        if (this.answers.size > KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
      }
      return { rows: answer };
    } finally {
      if (this.running.get(key)?.rows === rows) this.running.delete(key);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      this.drop();
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), RELISTEN_MS).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    // A write in another schema of the database (another installation, another test) is not ours; a
    // notice without a schema (a trigger from before notices named it) drops as any write does.
    let schema: string | null = null;
    client.on('notification', (notice) => {
      if (!notice.payload || notice.payload === schema) this.drop();
    });
    try {
      await client.connect();
      schema = String((await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? '');
      await client.query(`listen ${WRITE_CHANNEL}`);
      if (this.client !== client) return;
      this.drop();
      this.listening = true;
    } catch {
      lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
