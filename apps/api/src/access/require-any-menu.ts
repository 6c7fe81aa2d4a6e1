import type { FastifyInstance } from 'fastify';
import type { Caller } from '../core/caller.js';
import { forbidden } from '../core/errors.js';

/**
 * A picker shared by several forms (the activities, the associations) answers a caller who holds
 * at least one of the menus whose forms use it, and refuses everyone else with 403.
 */
export async function requireAnyMenu(app: FastifyInstance, caller: Caller, codes: readonly string[]): Promise<void> {
  for (const code of codes) if (await app.services.access.can(caller, code)) return;
  throw forbidden();
}
