import { DONATION_STATUS, donationEntity, listRows, t } from '@alumni/domain';
import { Params } from '../../access/params.js';
import { ids } from '../../core/ids.js';
import { formatDateTime, now, parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { INSTALMENT_REMINDER_TABLE } from '../../db/migrations/072-giving-depth.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { tellAlumnus, type TellDeps } from '../messaging/tell-alumnus.js';

/** Once a day: reminds the donors of the instalments falling due soon, then queues the next day's run (decision 319). */
export const INSTALMENT_REMINDER_JOB = 'donation-instalment-reminders';

/** Days before a due date the reminder goes out (parameter `donation.reminder.days`). */
const DEFAULT_DAYS = 7;
/** The daily run's time (local): the morning, when a message is read. */
const DAILY_TIME = '08:30:00';

export const REMINDER_MESSAGE = {
  title: t('认捐分期提醒：{projectName}', 'Instalment reminder: {projectName}'),
  body: t(
    '{name}您好，您认捐的“{projectName}”第{index}期 {amount} 元将于 {dueDate} 到期。衷心感谢您对学校的支持！查看：{giftsUrl}',
    'Dear {name}, instalment {index} of your pledge to “{projectName}”, {amount} CNY, falls due on {dueDate}. Thank you for supporting the school! See {giftsUrl}',
  ),
  smsTemplate: 'PLEDGE_REMINDER',
} as const;

/** The next daily run: today's at 08:30 if still ahead, else tomorrow's. */
export function nextReminderRun(from: Date = new Date()): Date {
  const today = parseDateTime(`${formatDateTime(from).slice(0, 10)} ${DAILY_TIME}`);
  return today.getTime() > from.getTime() ? today : parseDateTime(`${formatDateTime(new Date(today.getTime() + 26 * 3600_000)).slice(0, 10)} ${DAILY_TIME}`);
}

/** The date `days` after a `yyyy-MM-dd` date. */
const dayAfter = (date: string, days: number) => formatDateTime(new Date(parseDateTime(`${date} 12:00:00`).getTime() + days * 86_400_000)).slice(0, 10);

/**
 * Reminds the donors of open pledges (an alumnus's, not removed) of each instalment falling due
 * from `today` to the tenant's reminder days ahead, once per gift and due date: a message through
 * the channels the alumnus consented to (`tellAlumnus`), recorded in the reminders in the same
 * transaction, so a reminder sent is never sent again and one rolled back is sent next time.
 * Answers how many reminders went out.
 */
export async function remindDueInstalments(db: Db, deps: TellDeps, today: string = now().slice(0, 10)): Promise<number> {
  const pledges = await db.selectFrom(donationEntity.table)
    .select(['id', 'tenant_id', 'alumni_id', 'project_name', 'donor_name', 'instalments'])
    .where('is_deleted', '=', 0).where('payment_status', '=', DONATION_STATUS.pledged)
    .where('alumni_id', 'is not', null).where('instalments', 'is not', null).where('instalments', '<>', '')
    .orderBy('tenant_id').orderBy('id').execute();
  const params = new Params(db);
  const horizon = new Map<string, string>();
  let sent = 0;
  for (const pledge of pledges) {
    const tenantId = String(pledge.tenant_id);
    if (!horizon.has(tenantId)) horizon.set(tenantId, dayAfter(today, await params.number(tenantId, 'donation.reminder.days', DEFAULT_DAYS)));
    const last = horizon.get(tenantId) as string;
    const parts = listRows(pledge.instalments);
    for (const [i, part] of parts.entries()) {
      const dueDate = String(part.dueDate ?? '');
      if (dueDate < today || dueDate > last) continue;
      sent += await db.transaction().execute(async (tx) => {
        const done = await tx.selectFrom(INSTALMENT_REMINDER_TABLE).select('id').where('tenant_id', '=', tenantId)
          .where('donation_id', '=', String(pledge.id)).where('due_date', '=', dueDate).executeTakeFirst();
        if (done) return 0;
        const pushId = await tellAlumnus(tx, deps, {
          tenantId, alumnusId: String(pledge.alumni_id), title: REMINDER_MESSAGE.title, body: REMINDER_MESSAGE.body, smsTemplate: REMINDER_MESSAGE.smsTemplate,
          link: { name: 'giftsUrl', path: `/portal/gifts?tenant=${encodeURIComponent(tenantId)}` },
          values: {
            projectName: String(pledge.project_name ?? pledge.donor_name ?? ''), index: String(i + 1),
            amount: Number(part.amount ?? 0).toFixed(2), dueDate,
          },
        });
        await tx.insertInto(INSTALMENT_REMINDER_TABLE).values({
          id: ids.next(), tenant_id: tenantId, donation_id: String(pledge.id), due_date: dueDate, push_id: pushId, create_time: now(),
        }).execute();
        return 1;
      });
    }
  }
  return sent;
}

/** Registers the daily reminder run and makes sure one is waiting. */
export async function registerInstalmentReminderJobs(db: Db, jobs: JobQueue, deps: TellDeps): Promise<void> {
  await jobs.work<Record<string, never>>(INSTALMENT_REMINDER_JOB, async () => {
    const reminders = await remindDueInstalments(db, deps);
    await jobs.send(INSTALMENT_REMINDER_JOB, { data: {}, tenantId: null }, { startAfter: nextReminderRun() });
    return { reminders };
  });
  const waiting = await jobs.list({ current: 1, size: 1, name: INSTALMENT_REMINDER_JOB, state: 'created', tenantId: null });
  if (waiting.total === 0) await jobs.send(INSTALMENT_REMINDER_JOB, { data: {}, tenantId: null }, { startAfter: nextReminderRun() });
}
