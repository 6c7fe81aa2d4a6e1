import { DONATION_STATUS, donationEntity, type Condition } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { partCents, partPurpose } from '../../db/migrations/072-giving-depth.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { giftsOrParts } from './count-amount.js';

/** A fund (purpose) a donor gave to: the donor's part, and what the fund has received from everyone. */
export interface FundProgress { purpose: string; donorCents: number; fundCents: number; fundDonors: number }

/** A gift of the donor as the report lists it. */
export interface DonorGift { donateTime: string; donationCode: string | null; projectName: string | null; purpose: string; cents: number; paymentStatus: number }

export interface DonorProgress { donorName: string; gifts: DonorGift[]; funds: FundProgress[] }

/** The donor of a gift: its alumnus, else its donor name (as the sums count donors). */
export const donorConditions = (gift: JsonRecord): Condition[] => (gift.alumniId
  ? [{ field: 'alumniId', op: 'equal', value: String(gift.alumniId) }]
  : [{ field: 'alumniId', op: 'null', value: null }, { field: 'donorName', op: 'equal', value: String(gift.donorName ?? '') }]);

const donorKey = sql<string>`case when alumni_id is not null then 'a' || cast(alumni_id as text) else 'n' || donor_name end`;

/**
 * The progress of the funds a donor gave to (decision 319): the donor's gifts within the caller's
 * scope (received and pledged), and for every purpose the donor's received gifts funded — their
 * parts, by fund split — the donor's part beside all that the fund has received and from how many
 * donors, within the same scope.
 */
export async function donorProgress(db: Db, repository: EntityRepository, dialect: Dialect, scope: RowScope, gift: JsonRecord): Promise<DonorProgress> {
  const donor = donorConditions(gift);
  const received: Condition = { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.received };
  const purpose = sql.raw(partPurpose('part', dialect));
  const cents = sql.raw(partCents('part', dialect));
  const [gifts, mine] = await Promise.all([
    repository.scoped(donationEntity, scope, [...donor, { field: 'paymentStatus', op: 'in', value: [DONATION_STATUS.pledged, DONATION_STATUS.received] }])
      .select(['donate_time', 'donation_code', 'project_name', 'purpose', 'cny_amount', 'payment_status']).orderBy('donate_time').orderBy('id').limit(200).execute(),
    giftsOrParts(db, repository, dialect, scope, [...donor, received], true)
      .select([purpose.as('purpose'), sql<number>`sum(${cents})`.as('cents')]).groupBy(purpose).execute(),
  ]);
  const purposes = mine.map((m) => String(m.purpose));
  const funds = purposes.length === 0 ? [] : await giftsOrParts(db, repository, dialect, scope, [received, { field: 'purpose', op: 'in', value: purposes }], true)
    .select([purpose.as('purpose'), sql<number>`sum(${cents})`.as('cents'), sql<number>`count(distinct ${donorKey})`.as('donors')]).groupBy(purpose).execute();
  const fundOf = new Map(funds.map((f) => [String(f.purpose), f]));
  return {
    donorName: String(gift.donorName ?? ''),
    gifts: gifts.map((g) => ({
      donateTime: String(g.donate_time ?? '').slice(0, 10), donationCode: g.donation_code === null ? null : String(g.donation_code),
      projectName: g.project_name === null ? null : String(g.project_name), purpose: String(g.purpose),
      cents: Math.round(Number(g.cny_amount ?? 0) * 100), paymentStatus: Number(g.payment_status),
    })),
    funds: mine.map((m) => ({
      purpose: String(m.purpose), donorCents: Number(m.cents),
      fundCents: Number(fundOf.get(String(m.purpose))?.cents ?? 0), fundDonors: Number(fundOf.get(String(m.purpose))?.donors ?? 0),
    })).sort((a, b) => b.donorCents - a.donorCents || a.purpose.localeCompare(b.purpose)),
  };
}
