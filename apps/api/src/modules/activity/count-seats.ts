import { activityEntity } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { activityFigures, phaseOf, shiftTime } from './activity-rules.js';

/** Days an ended activity stays on the dashboard's event statistics. */
export const RECENT_DAYS = 30;
/** The most activities not yet ended, and the most recently ended ones, the statistics show. */
export const UPCOMING_LIMIT = 8;
export const RECENT_LIMIT = 4;

/** The seats and check-in of one activity (issue 31's statistics). */
export interface EventSeats {
  id: string;
  title: string;
  startTime: string;
  endTime: string;
  phase: string;
  /** The seat limit; 0 = no limit. */
  capacity: number;
  /** Confirmed applicants and their companions. */
  seatsTaken: number;
  waitlisted: number;
  /** Confirmed applications. */
  confirmed: number;
  /** Confirmed applications checked in. */
  checkedIn: number;
  /** checkedIn / confirmed, 0–1 with four decimals; null with nothing confirmed. */
  checkInRate: number | null;
}

export interface EventSeatsCount { recentDays: number; records: EventSeats[] }

/**
 * The seats, waitlist and check-in of the activities with sign-up that are not cancelled, within the
 * caller's data scope of activities: those not yet ended (soonest first, at most `UPCOMING_LIMIT`),
 * then those ended in the last `RECENT_DAYS` days (latest first, at most `RECENT_LIMIT`). The
 * applications of all of them are counted by the database in one grouped query (`activityFigures`,
 * the activity list's own counts).
 */
export async function countEventSeats(ops: EntityOperations, repository: EntityRepository, db: Db, caller: Caller): Promise<EventSeatsCount> {
  const scope = await ops.authoriseRead(activityEntity, caller);
  const stamp = now();
  const open = [{ field: 'isCancelled', op: 'equal' as const, value: 0 }, { field: 'needSignup', op: 'equal' as const, value: 1 }];
  const [upcoming, recent] = await Promise.all([
    repository.all(activityEntity, scope, [...open, { field: 'endTime', op: 'ge', value: stamp }],
      [{ field: 'startTime', desc: false }], UPCOMING_LIMIT),
    repository.all(activityEntity, scope, [...open, { field: 'endTime', op: 'lt', value: stamp }, { field: 'endTime', op: 'ge', value: shiftTime(stamp, -RECENT_DAYS * 86_400) }],
      [{ field: 'endTime', desc: true }], RECENT_LIMIT),
  ]);
  const rows = [...upcoming, ...recent];
  const figures = await activityFigures(db, caller.tenantId, rows.map((r) => String(r.id)));
  return {
    recentDays: RECENT_DAYS,
    records: rows.map((r) => {
      const f = figures.get(String(r.id));
      const confirmed = f?.confirmedCount ?? 0;
      const checkedIn = f?.signedInCount ?? 0;
      return {
        id: String(r.id), title: String(r.title ?? ''), startTime: String(r.startTime ?? ''), endTime: String(r.endTime ?? ''),
        phase: phaseOf(r, stamp), capacity: Number(r.capacity ?? 0), seatsTaken: f?.seatsTaken ?? 0, waitlisted: f?.waitlistCount ?? 0,
        confirmed, checkedIn, checkInRate: confirmed === 0 ? null : Math.round((checkedIn / confirmed) * 10_000) / 10_000,
      };
    }),
  };
}
