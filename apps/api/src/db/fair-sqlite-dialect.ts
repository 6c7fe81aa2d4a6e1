import { setImmediate as nextTurn } from 'node:timers/promises';
import { SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';

/**
 * SQLite's one writer connection handed out first come, first served. Kysely's own lock wakes every
 * waiter at each release and lets whoever runs first take it, so a job writing in a tight loop (a
 * push sending its slices) kept the connection from a request that asked before it for the whole
 * send. Here a release hands the connection straight to the oldest waiter, and a newcomer queues
 * behind those already waiting (decision 198).
 */
export class FairSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new FairDriver(super.createDriver());
  }
}

/** The longest stretch of queries before the event loop gets a turn. */
const TURN_MS = 10;

/**
 * Serialises the inner driver's one connection in arrival order, and gives the event loop a turn
 * at least every `TURN_MS`: better-sqlite3 answers at once, so a loop of queries is a chain of
 * resolved promises that would otherwise keep timers, sockets and other requests waiting until it ends.
 */
export class FairDriver implements Driver {
  private held = false;
  private readonly waiting: (() => void)[] = [];
  private lastTurn = Date.now();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (Date.now() - this.lastTurn >= TURN_MS) {
      await nextTurn();
      this.lastTurn = Date.now();
    }
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.held = true;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const next = this.waiting.shift();
    // The connection passes to the oldest waiter without being free in between.
    if (next) next();
    else this.held = false;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
