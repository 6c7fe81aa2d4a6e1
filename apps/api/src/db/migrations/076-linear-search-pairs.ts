import type { Db, Dialect } from '../database.js';
import { postgresSearchFunction } from '../search-index.js';

/**
 * PostgreSQL's pair-index function is replaced by one that walks a text once (search-index.ts): the
 * old one took time growing with the square of a text's length, a minute for a long notice, with the
 * table's write lock held. The answers are the same, so the indexes built on it stay as they are.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await postgresSearchFunction(db);
}
