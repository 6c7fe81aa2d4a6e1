import {
  PostgresDialect, type CompiledQuery, type DatabaseConnection, type DatabaseIntrospector, type Driver, type Kysely, type PostgresDialectConfig, type QueryCompiler,
  type QueryResult, type TransactionSettings,
} from 'kysely';
import { CurrentSchemaIntrospector } from './current-schema-introspector.js';

/** Whether a query only reads: a select, or raw SQL that starts with `select`. */
function onlyReads(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  return query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql);
}

/**
 * PostgreSQL through Kysely, its catalog read in the current schema only, calling `wrote()` after every statement that may write and after every
 * commit: kept answers (`KeptAnswers`) are dropped at once when this process writes, before its
 * answer to the writing request, rather than when PostgreSQL's notice of the commit comes back.
 */
export class NoticingPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig, private readonly wrote: () => void) {
    super(config);
  }

  override createDriver(): Driver {
    return new NoticingDriver(super.createDriver(), this.wrote);
  }

  /** The catalog of the installation's own schema only (`CurrentSchemaIntrospector`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

class NoticingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection, private readonly wrote: () => void) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (!onlyReads(query)) this.wrote();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!onlyReads(query)) this.wrote();
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection): DatabaseConnection => (connection as NoticingConnection).inner;

class NoticingDriver implements Driver {
  constructor(private readonly inner: Driver, private readonly wrote: () => void) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new NoticingConnection(await this.inner.acquireConnection(), this.wrote);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(innerOf(connection));
    } finally {
      this.wrote();
    }
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(innerOf(connection), name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
