import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { KEPT_ANSWERS } from './kept-answers.js';

/**
 * The code of one reader thread: a read-only better-sqlite3 connection to the same file (WAL lets it
 * read while the writer writes), its statements kept by SQL text, integers read as BigInt like the
 * writer's. Plain JavaScript evaluated as the worker, so it runs the same from sources and from dist.
 */
const READER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');
db.defaultSafeIntegers(true);
const statements = new Map();
// Answers kept until the database changes: PRAGMA data_version moves whenever another connection (the
// writer, another process) has committed, so a kept answer is given only while no write came since.
const dataVersion = db.prepare('pragma data_version').pluck();
const kept = new Map();
let keptVersion = null;
parentPort.on('message', ({ id, sql, parameters, keep }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (!statement.reader) throw new Error('a reader thread runs only queries that return rows');
      if (statements.size >= 500) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    if (!keep) {
      parentPort.postMessage({ id, rows: statement.all(...parameters) });
      return;
    }
    // Read before the query: a write committed in between moves the version again, so the answer
    // is at worst read afresh once more, never kept past a write.
    const version = dataVersion.get();
    if (version !== keptVersion) {
      kept.clear();
      keptVersion = version;
    }
    let rows = kept.get(keep);
    if (rows) kept.delete(keep);
    else rows = statement.all(...parameters);
    kept.set(keep, rows);
    if (kept.size > workerData.keptAnswers) kept.delete(kept.keys().next().value);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Read-only SQLite connections in worker threads. better-sqlite3 is synchronous: a list whose count
 * takes 80 ms on the main thread holds up every other request, sign-in included. Lists run here
 * instead, on the other cores, while the writer connection on the main thread keeps the writes and
 * everything inside a transaction. A read sees every write committed before it started.
 */
export class SqliteReadPool {
  private readonly readers: Reader[] = [];
  private nextId = 1;
  private closed = false;

  constructor(file: string, size: number) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    for (let i = 0; i < size; i++) {
      const worker = new Worker(READER_CODE, { eval: true, workerData: { file, driver, keptAnswers: KEPT_ANSWERS } });
      const reader: Reader = { worker, pending: new Map() };
      worker.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
        const pending = reader.pending.get(message.id);
        if (!pending) return;
        reader.pending.delete(message.id);
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.rows ?? []);
      });
      worker.on('error', (error) => this.failAll(reader, error));
      worker.on('exit', () => this.failAll(reader, new Error('SQLite reader thread stopped')));
      worker.unref();
      this.readers.push(reader);
    }
  }

  private failAll(reader: Reader, error: Error): void {
    for (const pending of reader.pending.values()) pending.reject(error);
    reader.pending.clear();
  }

  /**
   * Runs a query on the least busy reader. With a `keep` key (`keptKey`), the reader may give the
   * answer it gave the same key before, as long as nothing was written to the database since (a
   * list's total, asked again on every page of the same search).
   */
  all<R>(sql: string, parameters: readonly unknown[], keep?: string): Promise<R[]> {
    if (this.closed) return Promise.reject(new Error('the SQLite read pool is closed'));
    const reader = this.readers.reduce((best, r) => (r.pending.size < best.pending.size ? r : best));
    const id = this.nextId++;
    return new Promise<R[]>((resolve, reject) => {
      reader.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      reader.worker.postMessage({ id, sql, parameters, keep });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.readers.map((r) => r.worker.terminate()));
  }
}
