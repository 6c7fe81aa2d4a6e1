import { AUDIT_PATHS, alumniCardEntity, basicInfoEntity } from '@alumni/domain';
import { AUDIT_TABLE } from '../db/migrations/037-audit-trail.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { cardCodeDigits, cardCodeKey, cardCodeStep } from './portal-card-code.js';
import { portalHeaders, signInAlumnusForTest } from '../test-support/portal-calls.js';

const PORTAL = '/api/blade-portal';
const STAFF = '/api/blade-alumniCard/alumniCard';

type Person = { id: string; name: string; idCardNo: string; token: string };

describe.each(testDialects())('the electronic alumni card on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let key: Buffer;
  const people: Person[] = [];

  /** Live alumni of a tenant with an ID number on their record, signed in to the portal. */
  async function alumniOf(tenantId: string, count: number): Promise<Person[]> {
    const { db } = t.app.services.database;
    const rows = await db.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0)
      .where('status', '=', 1).where('id_card_no', 'is not', null).orderBy('id').limit(count * 3).execute();
    const out: Person[] = [];
    for (const row of rows) {
      const record = await t.app.services.repository.findById(basicInfoEntity, { tenantId }, String(row.id));
      if (!record?.idCardNo || !record.name) continue;
      out.push({ id: String(row.id), name: String(record.name), idCardNo: String(record.idCardNo), token: await signInAlumnusForTest(t.app, tenantId, String(row.id)) });
      if (out.length === count) break;
    }
    expect(out.length).toBe(count);
    return out;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    key = cardCodeKey(t.config.tokenSecret);
    people.push(...(await alumniOf('000000', 3)));
  });
  afterAll(async () => t?.close());

  const portal = (method: 'GET' | 'POST', url: string, who: Person, payload?: unknown, lang: 'zh' | 'en' = 'zh') =>
    t.app.inject({ method, url: `${PORTAL}${url}`, headers: portalHeaders(who.token, lang), ...(payload === undefined ? {} : { payload: payload as object }) });
  const verify = (code: string, lang: 'zh' | 'en' = 'zh', token = admin) =>
    t.call('POST', `${STAFF}/verify`, token, { code }, { 'accept-language': lang === 'en' ? 'en' : 'zh-CN' });
  const examine = (ids: string[], status: number, opinion = '') =>
    t.call('GET', `${STAFF}/examine?ids=${ids.join(',')}&examineStatus=${status}&examineOpinion=${encodeURIComponent(opinion)}`, admin);
  const cardOf = async (who: Person) => (await portal('GET', '/card', who)).json().data as {
    status: string; opinion: string | null; benefits: string[]; school: { name: string };
    card: { id: string; cardNo: string; name: string; validFrom: string; validUntil: string; department: string | null } | null;
  };
  const codeAt = (card: { id: string; cardNo: string }, minutesAgo: number, tenantId = '000000') =>
    `${card.cardNo}-${cardCodeDigits(key, tenantId, card.id, cardCodeStep(Date.now()) - minutesAgo)}`;

  it('refuses an application whose name or ID number does not match the record, offering the registration, and records nothing', async () => {
    const [me] = people as [Person];
    const wrongId = await portal('POST', '/card/apply', me, { name: me.name, idCardNo: '110101199001011234' }, 'en');
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json()).toMatchObject({ code: 400, msg: expect.stringContaining('does not match your alumni record'), data: { register: true } });
    const wrongName = await portal('POST', '/card/apply', me, { name: `${me.name}某`, idCardNo: me.idCardNo });
    expect(wrongName.json().msg).toContain('与校友档案不一致');
    const empty = await portal('POST', '/card/apply', me, { name: '', idCardNo: me.idCardNo }, 'en');
    expect(empty.json()).toMatchObject({ code: 400, msg: 'Please give your name' });
    const rows = await t.app.services.database.db.selectFrom(alumniCardEntity.table).select('id').where('alumni_id', '=', me.id).execute();
    expect(rows).toHaveLength(0);
    expect((await cardOf(me)).status).toBe('none');
  });

  it('takes an application whose name and ID number match (spaces and the check letter\'s case aside), once', async () => {
    const [me] = people as [Person];
    const res = await portal('POST', '/card/apply', me, { name: ` ${me.name} `, idCardNo: me.idCardNo.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending');
    const again = await portal('POST', '/card/apply', me, { name: me.name, idCardNo: me.idCardNo }, 'en');
    expect(again.json()).toMatchObject({ code: 400, msg: 'You already have an alumni card, or an application being examined' });
    const mine = await cardOf(me);
    expect(mine.status).toBe('pending');
    expect(mine.card).toBeNull();
    // No code before the card is approved.
    expect((await portal('GET', '/card/code', me)).json().code).toBe(400);
  });

  it('is examined by staff: a batch approval gives each card a number and five years; a rejection needs its reason', async () => {
    const [me, second, third] = people as [Person, Person, Person];
    for (const who of [second, third]) expect((await portal('POST', '/card/apply', who, { name: who.name, idCardNo: who.idCardNo })).statusCode).toBe(200);
    const list = await t.call('GET', `${STAFF}/list?examineStatus=0&size=50`, admin);
    expect(list.statusCode, list.body).toBe(200);
    const pending = (list.json().data.records as { id: string; alumniId: string }[]);
    const idOf = (who: Person) => pending.find((r) => String(r.alumniId) === who.id)?.id as string;
    expect(idOf(me) && idOf(second) && idOf(third)).toBeTruthy();
    const noReason = await examine([idOf(third)], 2);
    expect(noReason.json()).toMatchObject({ code: 400, msg: '请填写驳回原因' });
    const approved = await examine([idOf(me), idOf(second)], 1, '同意');
    expect(approved.json().data).toMatchObject({ succeeded: 2, failed: [] });
    const rejected = await examine([idOf(third)], 2, '证件照片不清晰');
    expect(rejected.json().data).toMatchObject({ succeeded: 1 });

    const mine = await cardOf(me);
    expect(mine.status).toBe('active');
    expect(mine.card?.name).toBe(me.name);
    expect(mine.card?.cardNo).toMatch(new RegExp(`^${new Date().getFullYear()}\\d{6}$`));
    expect(Number(mine.card?.validUntil.slice(0, 4)) - Number(mine.card?.validFrom.slice(0, 4))).toBe(5);
    expect(mine.school.name).not.toBe('');
    expect(mine.benefits.length).toBeGreaterThan(0);
    const secondCard = await cardOf(second);
    expect(secondCard.card?.cardNo).not.toBe(mine.card?.cardNo);
    const theirs = await cardOf(third);
    expect(theirs).toMatchObject({ status: 'rejected', opinion: '证件照片不清晰', card: null });
    // An approved card is final: neither edited nor removed through the generic calls.
    const remove = await t.call('POST', `${STAFF}/remove?ids=${mine.card?.id}`, admin, undefined, { 'accept-language': 'en' });
    expect(remove.json()).toMatchObject({ code: 400, msg: 'An approved card cannot be edited or removed; suspend or revoke it instead' });
    expect((await cardOf(me)).status).toBe('active');
    // A rejected alumnus may apply again.
    expect((await portal('POST', '/card/apply', third, { name: third.name, idCardNo: third.idCardNo })).json().data.status).toBe('pending');
  });

  it('shows a code that changes every minute: now and one minute back pass, three minutes back (a screenshot) fails', async () => {
    const [me] = people as [Person];
    const card = (await cardOf(me)).card as { id: string; cardNo: string; name: string };
    const shown = (await portal('GET', '/card/code', me)).json().data as { code: string; expiresInSeconds: number };
    expect(shown.code.startsWith(`${card.cardNo}-`)).toBe(true);
    expect(shown.expiresInSeconds).toBeGreaterThan(0);
    expect(shown.expiresInSeconds).toBeLessThanOrEqual(60);
    const now = await verify(shown.code);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ valid: true, card: { cardNo: card.cardNo, name: card.name, status: 'active' } });
    expect((await verify(codeAt(card, 1))).json().data.valid).toBe(true);
    const old = await verify(codeAt(card, 3), 'en');
    expect(old.json()).toMatchObject({ code: 400, msg: expect.stringContaining('a screenshot does not work') });
    const future = await verify(codeAt(card, -3));
    expect(future.json().code).toBe(400);
    const garbled = await verify('not a code', 'en');
    expect(garbled.json()).toMatchObject({ code: 400, msg: 'The card code is not valid: it reads “card number-6 digits”' });
    // Verification needs its menu.
    const nobody = await t.signInWithoutGrants(admin);
    expect((await verify(shown.code, 'zh', nobody)).statusCode).toBe(403);
  });

  it('refuses a suspended or revoked card at verification; a revoked card stays revoked', async () => {
    const [, second] = people as [Person, Person];
    const card = (await cardOf(second)).card as { id: string; cardNo: string };
    const state = (cardState: number, lang = 'zh', reason = '挂失') => t.call('POST', `${STAFF}/state`, admin, { id: card.id, cardState, reason }, { 'accept-language': lang });
    // Suspending or revoking needs its reason; reinstating may give one.
    expect((await state(2, 'en', '  ')).json()).toMatchObject({ code: 400, msg: 'Please give the reason for suspending or revoking the card' });
    expect((await state(2, 'zh', '长'.repeat(201))).json()).toMatchObject({ code: 400, msg: '原因不能超过 200 个字' });
    expect((await state(2)).json().code).toBe(200);
    const suspended = await verify(codeAt(card, 0), 'en');
    expect(suspended.json().data).toMatchObject({ valid: false, msg: 'This card is suspended', card: { status: 'suspended' } });
    expect((await cardOf(second)).status).toBe('suspended');
    expect((await portal('GET', '/card/code', second)).json().code).toBe(400);
    expect((await state(1, 'zh', '')).json().code).toBe(200);
    expect((await verify(codeAt(card, 0))).json().data.valid).toBe(true);
    expect((await state(3, 'zh', '本人申请注销')).json().code).toBe(200);
    const revoked = await verify(codeAt(card, 0), 'en');
    expect(revoked.json().data).toMatchObject({ valid: false, msg: 'This card is revoked' });
    const back = await state(1, 'en');
    expect(back.json()).toMatchObject({ code: 400, msg: 'The card cannot change from “Revoked” to “Active”' });
    expect((await state(7, 'en')).json()).toMatchObject({ code: 400, msg: 'A card can only be made active, suspended or revoked' });
  });

  it('keeps every state change of a card in its history, in its tenant alone: applied, examined, issued, suspended, reinstated, revoked, with who and why', async () => {
    const [, second, third] = people as [Person, Person, Person];
    const card = (await cardOf(second)).card as { id: string; cardNo: string };
    const history = await t.call('GET', `/api${AUDIT_PATHS.history}?entity=alumniCard&id=${card.id}&size=50`, admin);
    expect(history.statusCode, history.body).toBe(200);
    type Entry = { action: string; userId: string | null; account: string | null; userName: string | null; time: string; tenantId: string; diff: Record<string, [unknown, unknown]> };
    // Oldest first, as the card lived it.
    const entries = [...(history.json().data.records as Entry[])].reverse();
    expect(entries.map((e) => e.action)).toEqual(['create', 'examine', 'update', 'update', 'update', 'update']);
    const [applied, examined, issued, suspended, reinstated, revoked] = entries as [Entry, Entry, Entry, Entry, Entry, Entry];
    // The application: made by the alumnus in the portal, waiting for examination.
    expect(applied).toMatchObject({ account: 'portal', userName: second.name, tenantId: '000000' });
    expect(applied.diff.examineStatus).toEqual([null, 0]);
    // The approval, by the examiner, then the card it issues: a number, five years, the state 有效.
    expect(examined).toMatchObject({ account: 'admin' });
    expect(examined.diff.examineStatus).toEqual([0, 1]);
    expect(issued.diff.cardState).toEqual([0, 1]);
    expect(issued.diff.cardNo).toEqual([null, card.cardNo]);
    expect(issued.diff.validUntil?.[1]).toBeTruthy();
    // Each staff change: the state before and after and the reason, by whom.
    expect(suspended).toMatchObject({ account: 'admin', diff: { cardState: [1, 2], stateReason: [null, '挂失'] } });
    expect(reinstated.diff).toMatchObject({ cardState: [2, 1], stateReason: ['挂失', null] });
    expect(revoked.diff).toMatchObject({ cardState: [1, 3], stateReason: [null, '本人申请注销'] });
    for (const e of entries) expect(e.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A refused change leaves no row.
    expect((await t.call('POST', `${STAFF}/state`, admin, { id: card.id, cardState: 1, reason: '' })).json().code).toBe(400);
    const { db } = t.app.services.database;
    const rows = await db.selectFrom(AUDIT_TABLE).select(['tenant_id', 'action']).where('entity', '=', 'alumniCard').where('record_id', '=', card.id).execute();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => String(r.tenant_id)))).toEqual(new Set(['000000']));
    // The rejection keeps its reason.
    const rejected = await db.selectFrom(alumniCardEntity.table).select('id').where('alumni_id', '=', third.id).where('examine_status', '=', 2).executeTakeFirstOrThrow();
    const theirs = (await t.call('GET', `/api${AUDIT_PATHS.history}?entity=alumniCard&id=${rejected.id}`, admin)).json().data.records as Entry[];
    expect(theirs[0]).toMatchObject({ action: 'examine', diff: { examineStatus: [0, 2], examineOpinion: [null, '证件照片不清晰'] } });
    // The tenant's audit list shows them, and another tenant's list does not.
    const list = await t.call('GET', `/api${AUDIT_PATHS.list}?entity=alumniCard&size=100`, admin);
    expect((list.json().data.records as { recordId: string }[]).filter((r) => r.recordId === card.id)).toHaveLength(6);
  });

  it('starts each application\'s examination log with its submission by the alumnus, then the verdict', async () => {
    const [me] = people as [Person];
    const card = (await cardOf(me)).card as { id: string };
    const detail = await t.call('GET', `${STAFF}/detail?id=${card.id}`, admin);
    expect(detail.statusCode, detail.body).toBe(200);
    const logs = detail.json().data.examineLogs as { action: string; fromStatus: number | null; toStatus: number; examineUserName: string; opinion: string | null }[];
    expect(logs.map((l) => l.action)).toEqual(['approve', 'submit']);
    expect(logs[1]).toMatchObject({ fromStatus: null, toStatus: 0, examineUserName: me.name });
  });

  it('refuses another tenant\'s card, even with the code its holder shows', async () => {
    const [other] = await alumniOf('100001', 1) as [Person];
    expect((await portal('POST', '/card/apply', other, { name: other.name, idCardNo: other.idCardNo })).statusCode).toBe(200);
    const { db } = t.app.services.database;
    const row = await db.selectFrom(alumniCardEntity.table).select('id').where('alumni_id', '=', other.id).executeTakeFirstOrThrow();
    // Approved in its own tenant (by its own office), with a number our cards also use.
    const ours = (await cardOf(people[0] as Person)).card as { cardNo: string };
    await db.updateTable(alumniCardEntity.table).set({ examine_status: 1, card_state: 1, card_no: ours.cardNo, valid_from: '2026-01-01', valid_until: '2099-12-31' })
      .where('id', '=', row.id).execute();
    const shown = (await portal('GET', '/card/code', other)).json().data as { code: string };
    expect(shown.code.startsWith(`${ours.cardNo}-`)).toBe(true);
    const res = await verify(shown.code, 'en');
    expect(res.json().code).toBe(400);
  });
});
