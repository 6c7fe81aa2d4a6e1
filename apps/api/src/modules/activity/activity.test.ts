import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { demoDrawSeed } from '../../seed/activity-seed.js';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { awardPrizes, canonicalPool, drawOrder, newDrawSeed } from './draw.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const ACTIVITY = '/api/blade-activity/activity';
const APPLIST = '/api/blade-actApplist/actApplist';
const COST = '/api/activityCost';
const demoActivity = (row: number) => seedId(9, row);
const CS = seedId(1, 1);
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

describe('the seeded draw', () => {
  const pool = Array.from({ length: 50 }, (_, i) => `190000000000010${String(i + 1).padStart(4, '0')}`);

  it('gives the same order for the same seed and pool, and a permutation of the pool', () => {
    const seed = newDrawSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const first = drawOrder(seed, pool);
    expect(drawOrder(seed, pool)).toEqual(first);
    expect([...first].sort()).toEqual([...pool].sort());
  });

  it('gives another order for another seed', () => {
    expect(drawOrder(newDrawSeed(), pool)).not.toEqual(drawOrder(newDrawSeed(), pool));
  });

  it('starts from the pool ordered by application number whatever order it was read in', () => {
    const entrants = [{ id: '3', applyNo: 'BM202501020001' }, { id: '1', applyNo: 'BM202501010002' }, { id: '2', applyNo: 'BM202501010001' }];
    expect(canonicalPool(entrants)).toEqual(['2', '1', '3']);
    expect(canonicalPool([...entrants].reverse())).toEqual(['2', '1', '3']);
  });

  it('draws every position about equally often (no position favoured)', () => {
    const firsts = new Map<string, number>();
    const small = ['a', 'b', 'c', 'd'];
    for (let i = 0; i < 4000; i += 1) {
      const [top] = drawOrder(newDrawSeed(), small);
      firsts.set(top as string, (firsts.get(top as string) ?? 0) + 1);
    }
    for (const id of small) expect(firsts.get(id)).toBeGreaterThan(850);
  });

  it('hands out prizes from the highest level down; a small pool makes everyone a winner', () => {
    const prizes = [{ prizeLevel: '5', prizeName: 'U盘', quantity: 2 }, { prizeLevel: '1', prizeName: '平板', quantity: 1 }];
    expect(awardPrizes(['x', 'y', 'z', 'w'], prizes)).toEqual([
      { applicationId: 'x', prizeLevel: '1', prizeName: '平板', rank: 1 },
      { applicationId: 'y', prizeLevel: '5', prizeName: 'U盘', rank: 2 },
      { applicationId: 'z', prizeLevel: '5', prizeName: 'U盘', rank: 3 },
    ]);
    expect(awardPrizes(['x'], prizes)).toHaveLength(1);
  });
});

describe.each(testDialects())('activities on %s', (dialect) => {
  let t: TestApp;
  let admin: string, college: string, association: string, foundation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, college, association, foundation] = await Promise.all([t.signIn('admin'), t.signIn('college'), t.signIn('association'), t.signIn('foundation')]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
    t.call(method, url, token, body, { 'accept-language': 'zh-CN' });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin): Promise<Row> => {
    const res = await call(method, url, body, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };
  const refused = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, status: number, msg?: string, token = admin) => {
    const res = await call(method, url, body, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    if (msg) expect(res.json().msg).toBe(msg);
  };

  /** An activity starting soon (check-in open), with sign-up open now. */
  const newActivity = (over: Row = {}) => ok('POST', `${ACTIVITY}/submit`, {
    title: `测试活动${Math.random().toString(36).slice(2, 8)}`, activityType: '3', departmentId: CS, startTime: at(30), endTime: at(240),
    location: '图书馆报告厅', needSignup: 1, signupStartTime: at(-60), signupEndTime: at(20), capacity: 0, needConfirm: 1,
    allowCompanion: 1, maxCompanions: 2, targetScope: '1', content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001', ...over,
  });
  let phoneNo = 0;
  const apply = (activityId: string, over: Row = {}) => call('POST', `${APPLIST}/submit`, {
    activityId, name: '测试报名', areaCode: '+86', phone: `1370000${String(1000 + (phoneNo += 1)).slice(-4)}`, ...over,
  });

  describe('activity cost sums on the demo data (DOMAIN 11.5)', () => {
    it('answers the exact totals, categories, activities and months', async () => {
      const sums = await ok('GET', `${COST}/countAmount`);
      expect(sums).toMatchObject({ totalAmount: '48260.00', count: 25, reimbursedAmount: '30100.00', pendingAmount: '18160.00', budgetAmount: null, balance: null });
      expect(sums.byCostType).toHaveLength(10);
      expect(sums.byCostType[0]).toEqual({ key: '1', label: '场地费', count: 3, amount: '12000.00' });
      expect(sums.byActivity[0]).toMatchObject({ key: demoActivity(1), count: 6, amount: '21860.00' });
      expect(sums.byActivity[0].label).toMatch(/^\d{4}年校友返校日$/);
      expect(sums.byMonth).toHaveLength(12);
      expect(sums.byMonth.reduce((s: number, m: Row) => s + Number(m.amount), 0).toFixed(2)).toBe('48260.00');
      expect(sums.byMonth[11].key).toBe(formatDateTime(new Date()).slice(0, 7));
    });

    it('gives the budget and the balance for one activity, and follows the filters', async () => {
      const one = await ok('GET', `${COST}/countAmount?activityId_equal=${demoActivity(1)}`);
      expect(one).toMatchObject({ totalAmount: '21860.00', count: 6, reimbursedAmount: '21860.00', pendingAmount: '0.00', budgetAmount: '25000.00', balance: '3140.00' });
      const pending = await ok('GET', `${COST}/countAmount?costStatus_equal=0`);
      expect(pending).toMatchObject({ totalAmount: '14160.00', count: 6 });
      const big = await ok('GET', `${COST}/countAmount?amount_ge=2000&amount_le=8000`);
      // 8000, 6500, 2360, 3000 (0001); 2500, 3000 (0002); 7200, 2400 (0007); 2000 (0008).
      expect(big).toMatchObject({ count: 9, totalAmount: '36960.00' });
      await refused('GET', `${COST}/countAmount?amount_ge=abc`, undefined, 400);
    });

    it('counts only the costs of the caller\'s units', async () => {
      expect(await ok('GET', `${COST}/countAmount`, undefined, association)).toMatchObject({ totalAmount: '8500.00', count: 5 });
      expect(await ok('GET', `${COST}/countAmount`, undefined, college)).toMatchObject({ totalAmount: '0.00', count: 0 });
    });
  });

  describe('the demo activities', () => {
    it('derive their phases from the clock and filter by them', async () => {
      const page = await ok('GET', `${ACTIVITY}/page?size=50`);
      expect(page.total).toBe(11);
      const phaseOf = new Map(page.records.map((r: Row) => [r.id, r.phase]));
      expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => phaseOf.get(demoActivity(n)))).toEqual(['5', '5', '2', '2', '1', '3', '4', '5', '5', '6', '1']);
      const open = await ok('GET', `${ACTIVITY}/page?phase_equal=2`);
      expect(open.records.map((r: Row) => r.id).sort()).toEqual([demoActivity(3), demoActivity(4)]);
      expect(open.records[0].phaseName).toBe('报名中');
      expect((await ok('GET', `${ACTIVITY}/page?phase=4`)).total).toBe(1);
      expect((await ok('GET', `${ACTIVITY}/page?phase_equal=9`)).total).toBe(0);
    });

    it('carry their counts: applications, confirmed, waitlisted, checked in, seats, costs', async () => {
      const homecoming = await ok('GET', `${ACTIVITY}/detail?id=${demoActivity(1)}`);
      expect(homecoming).toMatchObject({ applicationCount: 60, confirmedCount: 50, waitlistCount: 3, signedInCount: 45, winnerCount: 10, costTotal: '21860.00' });
      expect(homecoming.seatsTaken).toBe(50 + homecoming.companionCount);
      expect(homecoming.winners).toHaveLength(10);
      expect(homecoming.winners[0]).toMatchObject({ prizeLevel: '1', drawRank: 1 });
      const applications = await ok('GET', `${APPLIST}/page?size=1`);
      expect(applications.total).toBe(211);
      const guests = await ok('GET', `${APPLIST}/page?size=1&alumniId_null=1`);
      expect(guests.total).toBeGreaterThan(40);
      expect(guests.total).toBeLessThan(100);
    });

    it('show a college only its own activity and its applications', async () => {
      const page = await ok('GET', `${ACTIVITY}/page`, undefined, college);
      expect(page.records.map((r: Row) => r.id)).toEqual([demoActivity(3)]);
      expect((await ok('GET', `${APPLIST}/page?size=1`, undefined, college)).total).toBe(25);
      await refused('GET', `${ACTIVITY}/detail?id=${demoActivity(2)}`, undefined, 404, undefined, college);
      await refused('PUT', `${ACTIVITY}/enabled?id=${demoActivity(2)}&enabled=0`, undefined, 404, undefined, college);
    });

    it('keep the seed and the order of their past draws, which repeat exactly', async () => {
      const check = await ok('GET', `${ACTIVITY}/verifyDraw?id=${demoActivity(1)}`);
      expect(check.seed).toBe(demoDrawSeed(1));
      expect(check.pool).toHaveLength(45);
      expect(check).toMatchObject({ orderAgrees: true, winnersAgree: true });
      expect(check.repeatedOrder).toEqual(drawOrder(demoDrawSeed(1), check.pool));
    });
  });

  describe('drawing winners', () => {
    it('draws among the checked-in applicants, refuses a second draw, and a redraw verifies too', async () => {
      const id = demoActivity(7);
      const drawn = await ok('PUT', `${ACTIVITY}/createWinnersList?id=${id}`);
      expect(drawn.poolSize).toBe(20);
      expect(drawn.winners).toHaveLength(6);
      expect(drawn.winners.map((w: Row) => w.prizeLevel)).toEqual(['2', '2', '5', '5', '5', '5']);
      expect(drawn.winners[0].phone).toMatch(/^\d{11}$/);
      await refused('PUT', `${ACTIVITY}/createWinnersList?id=${id}`, undefined, 400, '中奖名单已生成，如需重新抽取请选择“重新抽奖”');
      expect(await ok('GET', `${ACTIVITY}/verifyDraw?id=${id}`)).toMatchObject({ orderAgrees: true, winnersAgree: true, seed: drawn.seed });
      const again = await ok('PUT', `${ACTIVITY}/createWinnersList?id=${id}&redraw=1`);
      expect(again.seed).not.toBe(drawn.seed);
      expect(await ok('GET', `${ACTIVITY}/verifyDraw?id=${id}`)).toMatchObject({ orderAgrees: true, winnersAgree: true, seed: again.seed });
      const winners = await ok('GET', `${APPLIST}/page?activityId=${id}&isWinner_equal=1`);
      expect(winners.total).toBe(6);
    });

    it('masks the winners\' phones for a caller without the sensitive code', async () => {
      // Association officers hold no alumni_sensitive_view (DOMAIN 15.3).
      const drawn = await ok('PUT', `${ACTIVITY}/createWinnersList?id=${demoActivity(2)}&redraw=1`, undefined, association);
      expect(drawn.winners[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    });

    it('refuses a draw without prizes, before the start, and of another unit\'s activity', async () => {
      await refused('PUT', `${ACTIVITY}/createWinnersList?id=${demoActivity(3)}`, undefined, 400, '该活动未设置抽奖');
      await refused('PUT', `${ACTIVITY}/createWinnersList?id=${demoActivity(5)}`, undefined, 400, '活动开始后才能抽奖');
      await refused('PUT', `${ACTIVITY}/createWinnersList?id=${demoActivity(7)}&redraw=1`, undefined, 404, undefined, association);
      await refused('PUT', `${ACTIVITY}/createWinnersList?id=${demoActivity(7)}&redraw=x`, undefined, 400);
    });
  });

  describe('applications', () => {
    it('number applications BM + day + 4 digits and give confirmed ones a 6-digit check-in code', async () => {
      const activity = await newActivity();
      const res = await apply(activity.id);
      expect(res.statusCode, res.body).toBe(200);
      const app = res.json().data as Row;
      expect(app.applyNo).toMatch(new RegExp(`^BM${formatDateTime(new Date()).slice(0, 10).replace(/-/g, '')}\\d{4}$`));
      expect(app).toMatchObject({ applyStatus: 0, applySource: '3', checkInCode: null, paymentStatus: 0 });
      const confirmed = await ok('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 1 });
      expect(confirmed.checkInCode).toMatch(/^\d{6}$/);
      expect(confirmed.feeAmount).toBe('0.00');
      const info = await ok('GET', `${APPLIST}/getConfirmInfo/${app.id}`);
      expect(info).toMatchObject({ canConfirm: false, reason: '该报名已处理', checkInCode: confirmed.checkInCode });
      expect(info.activity).toMatchObject({ id: activity.id, seatsTaken: 1, capacity: 0 });
    });

    it('confirm automatically while seats remain, waitlist beyond, and keep the capacity above the seats taken', async () => {
      const activity = await newActivity({ capacity: 2, needConfirm: 0 });
      const first = (await apply(activity.id)).json().data as Row;
      expect(first.applyStatus).toBe(1);
      const second = (await apply(activity.id, { companions: 1 })).json().data as Row;
      expect(second.applyStatus).toBe(4);
      await refused('POST', `${APPLIST}/submit`, { id: second.id, applyStatus: 1 }, 400, '名额已满，可设为候补');
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, capacity: 0 }, 200);
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, capacity: 2 }, 200);
      await ok('POST', `${APPLIST}/submit`, { id: first.id, applyStatus: 3 });
      const moved = await ok('POST', `${APPLIST}/submit`, { id: second.id, applyStatus: 1 });
      expect(moved.applyStatus).toBe(1);
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, capacity: 1 }, 400, '人数上限不能小于已确认人数 2');
      const full = await ok('GET', `${ACTIVITY}/detail?id=${activity.id}`);
      expect(full).toMatchObject({ seatsTaken: 2, confirmedCount: 1, applicationCount: 2 });
    });

    it('refuse the same phone twice, too many companions, a rejection without reason and a closed status', async () => {
      const activity = await newActivity();
      const app = (await apply(activity.id, { phone: '13700009999' })).json().data as Row;
      const again = await apply(activity.id, { phone: '13700009999' });
      expect(again.statusCode).toBe(400);
      expect(again.json().msg).toBe('该手机号已报名本活动');
      expect((await apply(activity.id, { companions: 3 })).json().msg).toBe('同行人数应为 0 到 2');
      await refused('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 2 }, 400, '请填写拒绝原因');
      await ok('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 2, confirmOpinion: '名额有限' });
      await refused('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 1 }, 400, '报名状态不能从“已拒绝”改为“已确认”');
      // Removed only once rejected or cancelled.
      await ok('POST', `${APPLIST}/remove/${app.id}`);
      const pending = (await apply(activity.id)).json().data as Row;
      await refused('POST', `${APPLIST}/remove/${pending.id}`, undefined, 400, '只能删除已拒绝或已取消的报名');
      await refused('POST', `${ACTIVITY}/remove?id=${activity.id}`, undefined, 400, '该活动已有报名、费用或相册记录，不能删除，可取消或下架');
    });

    it('check in by code within the check-in time, once, and only with the sign-in code', async () => {
      const activity = await newActivity();
      const app = (await apply(activity.id)).json().data as Row;
      await refused('POST', `${APPLIST}/submit`, { id: app.id, signIn: 1 }, 400, '只有已确认的报名可以签到');
      const confirmed = await ok('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 1 });
      const found = await ok('GET', `${APPLIST}/checkIn?activityId=${activity.id}&checkInCode=${confirmed.checkInCode}`);
      expect(found.application).toMatchObject({ id: app.id, signIn: 0 });
      await refused('GET', `${APPLIST}/checkIn?activityId=${activity.id}&checkInCode=12ab`, undefined, 400, '签到码应为 6 位数字');
      // The foundation officer only views applications.
      await refused('POST', `${APPLIST}/submit`, { id: app.id, signIn: 1 }, 403, undefined, foundation);
      const signed = await ok('POST', `${APPLIST}/submit`, { id: app.id, signIn: 1 });
      expect(signed.signIn).toBe(1);
      expect(signed.signInTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await refused('POST', `${APPLIST}/submit`, { id: app.id, signIn: 0 }, 400, '已签到，不能取消签到');
      const later = await newActivity({ startTime: at(24 * 60), endTime: at(25 * 60), signupEndTime: at(23 * 60) });
      const early = (await apply(later.id)).json().data as Row;
      await ok('POST', `${APPLIST}/submit`, { id: early.id, applyStatus: 1 });
      await refused('POST', `${APPLIST}/submit`, { id: early.id, signIn: 1 }, 400, '不在签到时间内');
    });

    it('fix the amount due on confirmation, record the payment and keep paid applications', async () => {
      const activity = await newActivity({ fee: '50' });
      expect(activity.fee).toBe('50.00');
      const app = (await apply(activity.id, { companions: 1 })).json().data as Row;
      const confirmed = await ok('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 1 });
      expect(confirmed).toMatchObject({ feeAmount: '100.00', paymentStatus: 1 });
      await refused('POST', `${APPLIST}/submit`, { id: app.id, paymentStatus: 2 }, 400, '请选择缴费方式');
      await ok('POST', `${APPLIST}/submit`, { id: app.id, paymentStatus: 2, payMethod: '2', payTime: at(0) });
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, fee: '60.00' }, 400, '已有报名人员缴费，不能修改报名费');
      await ok('POST', `${APPLIST}/submit`, { id: app.id, applyStatus: 3 });
      await refused('POST', `${APPLIST}/remove/${app.id}`, undefined, 400, '已缴费的报名不能删除，请先退款');
    });

    it('cancelling an activity cancels its applications and unpublishes it, for good', async () => {
      const activity = await newActivity();
      await ok('PUT', `${ACTIVITY}/enabled?id=${activity.id}&enabled=1`);
      const app = (await apply(activity.id)).json().data as Row;
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, isCancelled: 1 }, 400, '请输入取消原因');
      const cancelled = await ok('POST', `${ACTIVITY}/submit`, { id: activity.id, isCancelled: 1, cancelReason: '场地调整' });
      expect(cancelled).toMatchObject({ isCancelled: 1, enabled: 0, phase: '6' });
      expect(await ok('GET', `${APPLIST}/detail?id=${app.id}`)).toMatchObject({ applyStatus: 3, confirmOpinion: '活动取消' });
      await refused('PUT', `${ACTIVITY}/enabled?id=${activity.id}&enabled=1`, undefined, 400, '活动已取消，不能上架');
      await refused('POST', `${ACTIVITY}/submit`, { id: activity.id, title: '再改一次' }, 400, '活动已取消，不能修改');
    });

    it('check the activity\'s times, venue and prizes', async () => {
      await refused('POST', `${ACTIVITY}/submit`, { ...(await newActivityBody()), endTime: at(10) }, 400, '结束时间必须晚于开始时间');
      await refused('POST', `${ACTIVITY}/submit`, { ...(await newActivityBody()), location: '' }, 400, '请输入活动地点');
      await refused('POST', `${ACTIVITY}/submit`, { ...(await newActivityBody()), startTime: '2020-01-01 09:00:00', endTime: '2020-01-01 10:00:00' }, 400, '开始时间不能早于今天');
      await refused('POST', `${ACTIVITY}/submit`, { ...(await newActivityBody()), hasLottery: 1, prizes: '[]' }, 400);
      await refused('POST', `${ACTIVITY}/submit`, { ...(await newActivityBody()), signupEndTime: at(600) }, 400, '报名截止时间不能晚于活动结束时间');
    });
  });

  describe('costs', () => {
    it('add through update, refuse future dates, and lock a reimbursed cost', async () => {
      const activity = await newActivity();
      const cost = await ok('POST', `${COST}/update`, {
        activityId: activity.id, costType: '1', costItem: '场地租用', amount: 1200, costDate: at(-60 * 24).slice(0, 10), handlerName: '王晓梅', costStatus: '0',
      });
      expect(cost).toMatchObject({ amount: '1200.00', activityTitle: activity.title, orgDeptId: activity.orgDeptId });
      await refused('POST', `${COST}/update`, { id: cost.id, costStatus: '2' }, 400, '报销状态不能从“待报销”改为“已报销”');
      await ok('POST', `${COST}/update`, { id: cost.id, costStatus: '1' });
      await refused('POST', `${COST}/update`, { id: cost.id, costStatus: '2' }, 400, '请输入记账凭证号');
      await ok('POST', `${COST}/update`, { id: cost.id, costStatus: '2', voucherNo: 'PZ9001', reimburseDate: at(0).slice(0, 10) });
      await refused('POST', `${COST}/update`, { id: cost.id, amount: '1300.00' }, 400, '已报销的费用不能修改');
      await ok('POST', `${COST}/update`, { id: cost.id, remark: '已入账' });
      await refused('DELETE', `${COST}/remove/${cost.id}`, undefined, 400, '已报销的费用不能删除');
      await refused('POST', `${COST}/update`, {
        activityId: activity.id, costType: '1', costItem: '未来费用', amount: '10.00', costDate: '2999-01-01', handlerName: '王晓梅', costStatus: '0',
      }, 400, '发生日期不能晚于今天');
      await refused('POST', `${COST}/update`, {
        activityId: activity.id, costType: '1', costItem: '三位小数', amount: '10.001', costDate: at(0).slice(0, 10), handlerName: '王晓梅', costStatus: '0',
      }, 400);
      const removable = await ok('POST', `${COST}/update`, {
        activityId: activity.id, costType: '2', costItem: '茶歇', amount: '88.5', costDate: at(0).slice(0, 10), handlerName: '王晓梅', costStatus: '0',
      });
      expect(removable.amount).toBe('88.50');
      await refused('DELETE', `${COST}/remove/${removable.id}`, undefined, 403, undefined, college);
      await ok('DELETE', `${COST}/remove/${removable.id}`);
    });
  });

  async function newActivityBody(): Promise<Row> {
    return {
      title: '校验活动', activityType: '3', departmentId: CS, startTime: at(30), endTime: at(240), location: '图书馆', needSignup: 1,
      signupStartTime: at(-60), signupEndTime: at(20), capacity: 0, targetScope: '1', content: '<p>x</p>', contactName: '王老师', contactPhone: '010-62780001',
    };
  }
});
