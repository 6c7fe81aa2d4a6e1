import { snake, type EntityDef } from '@alumni/domain';
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';

/**
 * "Contains" searches (`search: 'like'` on a text field) read an index instead of the tenant's rows.
 *
 * SQLite: one FTS5 table per entity (`<table>_search`, trigram tokenizer, contentless, rowid = id)
 * holds a search document per searched field, kept in step by triggers in the writing transaction.
 * A term of 3 or more characters is a trigram phrase (`field : "term"`). The document also lists each
 * pair of adjacent characters followed by a separator (U+0001), so a 2-character term — a Chinese
 * given name such as 张三 — is the 3-character phrase `"张三\u0001"` and reads the same index.
 *
 * PostgreSQL: a `pg_trgm` GIN index per searched field for terms of 3 or more characters, and a GIN
 * index of the field's character pairs (`app_search_pairs`) for 2-character terms.
 *
 * A single character matches too many rows for any index to help: it keeps the plain `like` over the
 * tenant's rows. Matching is case-insensitive, as `like` on SQLite and `ilike` on PostgreSQL are.
 */

/** The separator after each character pair of a search document; never part of a term. */
const PAIR_END = '\u0001';

/** Shortest term a trigram phrase can find; shorter terms use the pair entries or a scan. */
export const TRIGRAM_LENGTH = 3;

/** The text fields an entity's search form matches with "contains". */
export function searchedFields(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => field.search === 'like' && (field.kind === 'text' || field.kind === 'textarea'))
    .map(([name]) => name);
}

export const searchTable = (entity: EntityDef): string => `${entity.table}_search`;

/** What the SQLite search index stores for one value: the text, then each distinct pair of characters. */
export function searchDocument(value: string | null): string | null {
  if (value === null) return null;
  const text = value.replaceAll(PAIR_END, ' ');
  const chars = [...text];
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(`${chars[i]}${chars[i + 1]}`);
  return `${text}${PAIR_END}${[...pairs].map((p) => `${p}${PAIR_END}`).join('')}`;
}

/** The FTS5 query that finds a term of 2 or more characters in one column, or null for a shorter term. */
export function searchPhrase(column: string, term: string): string | null {
  const clean = term.replaceAll(PAIR_END, ' ');
  const length = [...clean].length;
  if (length < 2) return null;
  const phrase = length < TRIGRAM_LENGTH ? `${clean}${PAIR_END}` : clean;
  return `${column} : "${phrase.replaceAll('"', '""')}"`;
}

/** Gives a SQLite connection the function the search triggers call. */
export function registerSearchFunctions(sqlite: BetterSqlite3.Database): void {
  sqlite.function('search_document', { deterministic: true }, (value: unknown) =>
    searchDocument(value === null || value === undefined ? null : String(value)));
}

/** The schema holding pg_trgm, or null when the database does not have it. */
export async function trigramSchema(db: Db): Promise<string | null> {
  const row = (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0];
  return row?.schema ?? null;
}

/**
 * Installs pg_trgm once per database (outside any migration's transaction). Another process may be
 * installing it at the same moment, and a role without the right may not install it at all: both
 * are fine, the search then keeps its scan.
 */
export async function ensureTrigramExtension(db: Db): Promise<boolean> {
  if (await trigramSchema(db)) return true;
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch {
    // Created concurrently ("already exists") or not allowed: what the database has now decides.
  }
  return (await trigramSchema(db)) !== null;
}

/**
 * The function of the pair indexes: the distinct pairs of neighbouring characters of the lower-cased
 * text. It walks the text once, each character beside the next. Taking `substr(value, i, 2)` for each
 * `i` (as the first version did) walks a UTF-8 text from its start every time: a 100,000-character
 * notice took a minute to save. An index of it stays valid when it is replaced, as its answers are
 * the same (migration 076).
 */
export async function postgresSearchFunction(db: Db): Promise<void> {
  await sql.raw(`create or replace function app_search_pairs(value text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct pair), '{}')
      from (
        select ch || lead(ch) over (order by n) as pair
        from regexp_split_to_table(lower(value), '') with ordinality as chars(ch, n)
      ) pairs
      where pair is not null
    $$`).execute(db);
}

/**
 * Creates an entity's search index when missing (idempotent) and fills it from the table's rows, so
 * it serves new tables and tables created before it alike.
 */
export async function ensureSearchIndex(db: Db, dialect: Dialect, entity: EntityDef): Promise<void> {
  const columns = searchedFields(entity).map(snake);
  if (columns.length === 0) return;
  if (dialect === 'postgres') {
    const schema = await trigramSchema(db);
    await postgresSearchFunction(db);
    for (const column of columns) {
      if (schema) {
        await sql.raw(`create index if not exists ${entity.table}_trgm_${column} on ${entity.table} using gin (${column} "${schema}".gin_trgm_ops)`).execute(db);
      }
      await sql.raw(`create index if not exists ${entity.table}_pairs_${column} on ${entity.table} using gin (app_search_pairs(${column}))`).execute(db);
    }
    return;
  }
  const fts = searchTable(entity);
  const exists = (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = ${fts}`.execute(db)).rows[0];
  if (Number(exists?.n ?? 0) > 0) return;
  const list = columns.join(', ');
  const documents = (row: 'new' | 'old') => columns.map((c) => `search_document(${row}.${c})`).join(', ');
  await sql.raw(`create virtual table ${fts} using fts5(${list}, tokenize = 'trigram', content = '', contentless_delete = 1)`).execute(db);
  await sql.raw(`insert into ${fts} (rowid, ${list}) select id, ${columns.map((c) => `search_document(${c})`).join(', ')} from ${entity.table}`).execute(db);
  await sql.raw(`create trigger ${fts}_insert after insert on ${entity.table} begin
      insert into ${fts} (rowid, ${list}) values (new.id, ${documents('new')});
    end`).execute(db);
  await sql.raw(`create trigger ${fts}_update after update of ${list} on ${entity.table} begin
      delete from ${fts} where rowid = old.id;
      insert into ${fts} (rowid, ${list}) values (new.id, ${documents('new')});
    end`).execute(db);
  await sql.raw(`create trigger ${fts}_delete after delete on ${entity.table} begin
      delete from ${fts} where rowid = old.id;
    end`).execute(db);
}
