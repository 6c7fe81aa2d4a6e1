import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const VISIT = '/api/blade-visitRecord/visitRecord';
const ASSOCIATION = '/api/blade-association/association';
const MEMBER = `${ASSOCIATION}/member`;
const HONOR = '/api/blade-honor/honor';
const CARE = '/api/blade-actCarelist/actCarelist';
const DOC = '/api/blade-docquery/docquery';
const CS = seedId(1, 1);
const EE = seedId(1, 2);
const EM = seedId(1, 4);
const GENERAL = seedId(7, 1);
const BEIJING = seedId(7, 2);
const MINUTES = '与校友企业负责人座谈，了解企业发展与人才需求，商定共建实习基地并邀请校友返校讲座。';

function data(res: LightMyRequestResponse, code = 200): Row {
  expect(res.statusCode, res.body).toBe(code);
  return res.json() as Row;
}

const counts = (items: Row[]) => items.map((i) => [i.key, i.label, i.count]);

describe.each(testDialects())('organisation and relationship on %s', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let leader: string;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [office, college, leader] = await Promise.all([t.signIn('office'), t.signIn('college'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  /** An alumnus of the demo school by seed row. */
  const alumnus = (row: number) => seedId(3, row);

  describe('countVisit (DOMAIN 11.3)', () => {
    it('answers the exact figures of the demo school for the current year', async () => {
      const body = data(await t.call('POST', `${VISIT}/countVisit`, office));
      expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
      const d = body.data;
      expect(d).toMatchObject({ year, total: 12, alumniVisited: 19, organizationsVisited: 8, withLeader: 5 });
      expect(counts(d.byStatus)).toEqual([['0', '草稿', 2], ['1', '待审核', 3], ['2', '已通过', 12], ['3', '已退回', 1]]);
      expect(counts(d.byDepartment)).toEqual([['', '校友工作办公室', 5], [CS, '计算机科学与技术学院', 4], [EM, '经济与管理学院', 2], [EE, '电子信息工程学院', 1]]);
      expect(counts(d.byProvince)).toEqual([['110000', '北京市', 3], ['440000', '广东省', 3], ['310000', '上海市', 2], ['320000', '江苏省', 2], ['330000', '浙江省', 2]]);
      expect(counts(d.byType)).toEqual([
        ['1', '走访校友企业', 5], ['2', '看望老校友', 3], ['3', '走访地方校友会', 2], ['4', '校友座谈会', 1], ['5', '校友返校接待', 0],
        ['6', '校企合作洽谈', 1], ['99', '其他', 0],
      ]);
      expect(d.byMonth.map((m: Row) => m.key)).toEqual(Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`));
      expect(d.byMonth.reduce((s: number, m: Row) => s + m.count, 0)).toBe(12);
    });

    it('counts the chosen state, department and year', async () => {
      expect(data(await t.call('POST', `${VISIT}/countVisit?visitStatus=1`, office)).data).toMatchObject({ total: 3, withLeader: 2 });
      expect(data(await t.call('POST', `${VISIT}/countVisit?departmentId=${CS}`, office)).data).toMatchObject({ total: 4, alumniVisited: 6 });
      const before = data(await t.call('POST', `${VISIT}/countVisit?year=${year - 1}`, office)).data;
      expect(before).toMatchObject({ year: year - 1, total: 10 });
      expect(counts(before.byStatus).map((s) => s[2])).toEqual([1, 0, 10, 1]);
    });

    it("keeps a college inside its own visits (data scope on the unit)", async () => {
      const d = data(await t.call('POST', `${VISIT}/countVisit`, college)).data;
      expect(d).toMatchObject({ total: 4 });
      expect(counts(d.byDepartment)).toEqual([[CS, '计算机科学与技术学院', 4]]);
      expect(counts(d.byStatus).map((s) => s[2])).toEqual([0, 1, 4, 0]);
      const list = data(await t.call('GET', `${VISIT}/list?size=100`, college)).data;
      expect(list.records.every((r: Row) => r.departmentId === CS)).toBe(true);
      expect(data(await t.call('GET', `${VISIT}/list?size=1`, office)).data.total).toBe(30);
    });

    it('refuses bad parameters with 400', async () => {
      for (const q of ['year=abc', 'year=1800', 'visitStatus=7', 'departmentId=x']) {
        expect(data(await t.call('POST', `${VISIT}/countVisit?${q}`, office), 400).success).toBe(false);
      }
    });
  });

  describe('visit records: drafts, hand-in and examination (DOMAIN 5.4)', () => {
    const visit = (more: Row = {}) => ({
      title: '走访测试企业', visitType: '1', visitDate: `${year}-01-01`, visitors: '王晓梅', visitedAlumniIds: alumnus(10),
      country: '中国', provinceCode: '110000', content: MINUTES, ...more,
    });

    it('saves a draft, hands it in, returns it, takes it again and approves it, logging each step', async () => {
      const draft = data(await t.call('POST', `${VISIT}/submit`, office, visit({ content: '太短' }))).data;
      expect(draft.visitStatus).toBe(0);
      expect(draft.orgDeptId).toBe(seedId(92, 2));
      // Minutes of fewer than 20 characters cannot be handed in.
      expect(data(await t.call('POST', `${VISIT}/submit`, office, { id: draft.id, submitForExamine: 1 }), 400).msg).toBe('请填写走访纪要（不少于20字）');
      const handed = data(await t.call('POST', `${VISIT}/submit`, office, { id: draft.id, content: MINUTES, submitForExamine: 1 })).data;
      expect(handed.visitStatus).toBe(1);
      expect(data(await t.call('POST', `${VISIT}/submit`, office, { id: draft.id, title: '改主题' }), 400).msg).toBe('走访记录已提交审核，不能修改');
      expect(data(await t.call('PUT', `${VISIT}/examine`, office, { ids: draft.id, visitStatus: 3 }), 400).msg).toBe('请填写驳回原因');
      expect(data(await t.call('PUT', `${VISIT}/examine`, office, { ids: draft.id, visitStatus: 1 }), 400).success).toBe(false);
      expect(data(await t.call('PUT', `${VISIT}/examine`, office, { ids: draft.id, visitStatus: 3, examineOpinion: '请补充照片' })).data).toEqual({ succeeded: 1, failed: [] });
      data(await t.call('POST', `${VISIT}/submit`, office, { id: draft.id, submitForExamine: 1 }));
      expect(data(await t.call('PUT', `${VISIT}/examine`, office, { ids: draft.id, visitStatus: 2, examineOpinion: '同意' })).data.succeeded).toBe(1);
      const stored = data(await t.call('GET', `${VISIT}/detail?id=${draft.id}`, office)).data;
      expect(stored).toMatchObject({ visitStatus: 2, visitStatusName: '已通过', examineOpinion: '同意' });
      expect(stored.examineLogs.map((l: Row) => l.action)).toEqual(['approve', 'resubmit', 'return', 'submit']);
      expect(stored.visitedAlumniNames).not.toBe('');
      // Approved records stay.
      expect(data(await t.call('POST', `${VISIT}/remove?ids=${draft.id}`, office), 400).msg).toBe('待审核或已通过的走访记录不能删除');
    });

    it('needs whom was visited and a province in China, and a visit date not later than today', async () => {
      expect(data(await t.call('POST', `${VISIT}/submit`, office, visit({ visitedAlumniIds: '' })), 400).msg).toBe('请选择走访校友或填写被访单位');
      expect(data(await t.call('POST', `${VISIT}/submit`, office, visit({ provinceCode: '' })), 400).msg).toBe('国内走访请选择省份');
      expect(data(await t.call('POST', `${VISIT}/submit`, office, visit({ visitDate: `${year + 1}-06-01` })), 400).success).toBe(false);
      expect(data(await t.call('POST', `${VISIT}/submit`, office, visit({ visitedAlumniIds: '1234567' })), 400).success).toBe(false);
    });

    it('marks the named care entry cared for when approved (DOMAIN 5.3)', async () => {
      const care = data(await t.call('POST', `${CARE}/submit`, office, { alumniId: alumnus(50), careType: '6', careReason: '重点校友看望' })).data;
      const v = data(await t.call('POST', `${VISIT}/submit`, office, visit({ careListId: care.id, submitForExamine: 1 }))).data;
      data(await t.call('PUT', `${VISIT}/examine`, office, { ids: v.id, visitStatus: 2 }));
      const after = data(await t.call('GET', `${CARE}/detail?id=${care.id}`, office)).data;
      expect(after).toMatchObject({ careStatus: '1', careMethod: '1', careDate: `${year}-01-01`, careContent: '见走访记录《走访测试企业》' });
    });

    it('lists the records that visited an alumnus', async () => {
      const v = data(await t.call('POST', `${VISIT}/submit`, office, visit({ visitedAlumniIds: `${alumnus(11)},${alumnus(12)}` }))).data;
      const ids = data(await t.call('GET', `${VISIT}/list?size=100&alumniId=${alumnus(12)}`, office)).data.records.map((r: Row) => r.id);
      expect(ids).toContain(v.id);
      expect(data(await t.call('GET', `${VISIT}/list?alumniId=x`, office), 400).success).toBe(false);
    });

    it('lets the leader read but not write', async () => {
      data(await t.call('GET', `${VISIT}/list`, leader));
      expect(data(await t.call('POST', `${VISIT}/submit`, leader, visit()), 403).success).toBe(false);
    });
  });

  describe('associations and members (DOMAIN 5.1)', () => {
    it('answers the seeded council figures, officers and branches', async () => {
      const list = data(await t.call('GET', `${ASSOCIATION}/list?size=20`, office)).data;
      expect(list.total).toBe(8);
      const beijing = list.records.find((r: Row) => r.id === BEIJING);
      expect(beijing).toMatchObject({ parentName: '示范大学校友总会', memberCount: 35, associationTypeName: '地方校友会', regionName: '北京市' });
      expect(beijing.presidentName).toBeTruthy();
      expect(beijing.secretaryGeneralName).toBeTruthy();
      const general = data(await t.call('GET', `${ASSOCIATION}/detail?id=${GENERAL}`, office)).data;
      expect(general.officers).toHaveLength(15);
      expect(general.children).toHaveLength(7);
      const members = data(await t.call('GET', `${MEMBER}/list?associationId=${BEIJING}&size=100`, office)).data;
      expect(members.total).toBe(35);
      expect(members.records[0]).toHaveProperty('alumniCode');
    });

    it('has one general association, a parent that is not a branch of itself, and required unit fields by type', async () => {
      expect(data(await t.call('POST', `${ASSOCIATION}/submit`, office, { associationName: '第二总会', associationType: '1', country: '中国', associationState: '2', sort: 0 }), 400).msg).toBe('已存在校友总会');
      expect(data(await t.call('POST', `${ASSOCIATION}/submit`, office, { id: GENERAL, parentId: BEIJING }), 400).success).toBe(false);
      expect(data(await t.call('POST', `${ASSOCIATION}/submit`, office, { associationName: '广州校友会', associationType: '2', country: '中国', associationState: '2', sort: 0 }), 400).msg).toBe('地方校友会请选择省份');
      expect(data(await t.call('POST', `${ASSOCIATION}/submit`, office, { associationName: '登记校友会', associationType: '5', country: '中国', associationState: '2', sort: 0, isRegistered: 1, creditCode: 'abc' }), 400).msg).toBe('统一社会信用代码格式不正确');
      expect(data(await t.call('POST', `${ASSOCIATION}/remove?ids=${BEIJING}`, office), 400).msg).toBe('该校友会下存在分会、成员或活动，不能删除，可改为已撤销');
    });

    it('adds several members at once, refuses a second membership and a second president in office, and leaves dissolved ones out of the tree', async () => {
      const a = data(await t.call('POST', `${ASSOCIATION}/submit`, office, {
        associationName: '成都校友会', associationType: '2', parentId: GENERAL, country: '中国', provinceCode: '510000', associationState: '2', sort: 9,
      })).data;
      expect(a.orgDeptId).toBe(seedId(92, 11));
      expect(data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniIds: `${alumnus(201)},${alumnus(202)}`, position: '10' })).data).toBe(true);
      expect(data(await t.call('GET', `${MEMBER}/list?associationId=${a.id}`, office)).data.total).toBe(2);
      expect(data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniId: alumnus(201), position: '10' }), 400).msg).toBe('该校友已是本会成员');
      data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniId: alumnus(203), position: '2' }));
      expect(data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniId: alumnus(204), position: '2' }), 400).msg).toBe('本会已有在任会长');
      // A refused batch writes none of its rows.
      expect(data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniIds: `${alumnus(205)},${alumnus(201)}`, position: '10' }), 400).success).toBe(false);
      expect(data(await t.call('GET', `${MEMBER}/list?associationId=${a.id}`, office)).data.total).toBe(3);
      data(await t.call('POST', `${ASSOCIATION}/submit`, office, { id: a.id, associationState: '3' }));
      const tree = data(await t.call('GET', `${ASSOCIATION}/tree`, office)).data as Row[];
      const flat = (nodes: Row[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children)]);
      expect(flat(tree)).not.toContain(a.id);
      expect(flat(tree)).toContain(BEIJING);
      expect(data(await t.call('POST', `${MEMBER}/submit`, office, { associationId: a.id, alumniId: alumnus(206) }), 400).msg).toBe('该校友会已撤销，不能添加成员');
      expect(data(await t.call('POST', `${ASSOCIATION}/submit`, office, { id: a.id, associationState: '1' }), 400).success).toBe(false);
    });
  });

  describe('honours (DOMAIN 5.2)', () => {
    it('adds with save, edits with update, and marks key alumni', async () => {
      const target = alumnus(7);
      const h = data(await t.call('POST', `${HONOR}/save`, office, {
        alumniId: target, honorName: '国家科学技术进步奖', honorType: '3', honorLevel: '2', awardingBody: '国务院', awardYear: year - 1,
      })).data;
      expect(data(await t.call('POST', `${HONOR}/save`, office, { ...h, id: h.id }), 400).success).toBe(false);
      expect(data(await t.call('POST', `${HONOR}/update`, office, { honorName: '无编号' }), 400).success).toBe(false);
      data(await t.call('POST', `${HONOR}/update`, office, { id: h.id, awardDate: `${year - 1}-03-01` }));
      expect(data(await t.call('POST', `${HONOR}/update`, office, { id: h.id, awardDate: `${year - 3}-03-01` }), 400).msg).toBe('获得日期应在获得年份之内');
      expect(data(await t.call('GET', `${HONOR}/detail/${h.id}`, office)).data).toMatchObject({ alumniCode: expect.any(String), honorLevelName: '国家级' });
      const basic = await t.app.services.database.db.selectFrom('alumni_basic_info').select('is_key_alumni').where('id', '=', target).executeTakeFirstOrThrow();
      expect(Number(basic.is_key_alumni)).toBe(1);
      expect(data(await t.call('GET', `${HONOR}/list?size=100`, office)).data.total).toBe(21);
    });
  });

  describe('care list (DOMAIN 5.3)', () => {
    it('keeps one open entry per alumnus and type and follows the status steps', async () => {
      const c = data(await t.call('POST', `${CARE}/submit`, office, { alumniId: alumnus(60), careType: '2', careReason: '家庭困难' })).data;
      expect(c).toMatchObject({ careStatus: '0', responsibleUserId: seedId(90, 2) });
      expect(data(await t.call('POST', `${CARE}/submit`, office, { alumniId: alumnus(60), careType: '2', careReason: '再次' }), 400).msg).toBe('该校友已在关怀名单中');
      expect(data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '1' }), 400).msg).toBe('记录关怀需填写关怀方式、关怀日期和关怀记录');
      expect(data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '2' }), 400).msg).toBe('持续关注需填写下次关怀日期');
      data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '1', careMethod: '4', careDate: `${year}-01-01`, careContent: '发放慰问金', amount: 2000 }));
      expect(data(await t.call('GET', `${CARE}/detail?id=${c.id}`, office)).data).toMatchObject({ amount: '2000.00', careStatusName: '已关怀' });
      expect(data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '3' }), 400).msg).toBe('结束关怀需在备注中说明原因');
      data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '3', remark: '困难已解决' }));
      expect(data(await t.call('POST', `${CARE}/submit`, office, { id: c.id, careStatus: '0' }), 400).success).toBe(false);
      // A closed entry leaves room for a new one.
      data(await t.call('POST', `${CARE}/submit`, office, { alumniId: alumnus(60), careType: '2', careReason: '新的困难' }));
    });

    it('answers the seeded entries with ages and filters by the alumnus name', async () => {
      const list = data(await t.call('GET', `${CARE}/list?size=100&careStatus_equal=2`, office)).data;
      expect(list.total).toBe(2);
      const seniors = data(await t.call('GET', `${CARE}/list?size=100&careType_equal=1`, office)).data.records as Row[];
      expect(seniors).toHaveLength(8);
      const named = seniors[0] as Row;
      const found = data(await t.call('GET', `${CARE}/list?size=100&alumniName=${encodeURIComponent(String(named.alumniName))}`, office)).data.records;
      expect(found.map((r: Row) => r.id)).toContain(named.id);
    });
  });

  describe('document queries (DOMAIN 5.5)', () => {
    const request = (more: Row = {}) => ({
      queryType: '1', name: '张三', idType: '2', idCardNo: 'E12345678', departmentId: CS, educationLevel: '2', enrollmentYear: 2001,
      graduationYear: 2005, purpose: '办理落户', areaCode: '+86', phone: '13900001234', deliveryMethod: '1', ...more,
    });

    it('numbers a request and walks it through acceptance to completion', async () => {
      const q = data(await t.call('POST', `${DOC}/save`, office, request())).data;
      expect(q.acceptNo).toMatch(/^DA\d{8}\d{3}$/);
      expect(q).toMatchObject({ handleStatus: '0', handleStatusName: '待受理' });
      expect(data(await t.call('POST', `${DOC}/update`, office, { id: q.id, handleStatus: '2' }), 400).success).toBe(false);
      const accepted = data(await t.call('POST', `${DOC}/update`, office, { id: q.id, handleStatus: '1' })).data;
      expect(accepted).toMatchObject({ handleStatus: '1', handlerId: seedId(90, 2) });
      expect(data(await t.call('POST', `${DOC}/remove?ids=${q.id}`, office), 400).msg).toBe('办理中或已办结的申请不能删除');
      expect(data(await t.call('POST', `${DOC}/update`, office, { id: q.id, handleStatus: '2', replyContent: '已查明' }), 400).msg).toBe('办结档案查询需填写档案所在单位');
      const done = data(await t.call('POST', `${DOC}/update`, office, { id: q.id, handleStatus: '2', replyContent: '档案在深圳市人才服务中心', archiveLocation: '深圳市人才服务中心' })).data;
      expect(done.finishTime).toBeTruthy();
      expect(data(await t.call('POST', `${DOC}/update`, office, { id: q.id, purpose: '职称评审' }), 400).msg).toBe('已办结、已驳回或已撤销的申请只能修改备注');
      data(await t.call('POST', `${DOC}/update`, office, { id: q.id, remark: '申请人已取件' }));
      expect(data(await t.call('GET', `${DOC}/page?size=100&handleStatus_equal=2`, office)).data.total).toBe(7);
    });

    it('needs the delivery details, a valid phone and an id-free save', async () => {
      expect(data(await t.call('POST', `${DOC}/save`, office, request({ deliveryMethod: '3' })), 400).msg).toBe('邮寄或机要领取需填写收件人和邮寄地址');
      expect(data(await t.call('POST', `${DOC}/save`, office, request({ phone: '12345' })), 400).msg).toBe('请输入正确的手机号码');
      expect(data(await t.call('POST', `${DOC}/save`, office, request({ graduationYear: 1999 })), 400).msg).toBe('毕业年份不能早于入学年份');
      expect(data(await t.call('POST', `${DOC}/save`, office, { ...request(), id: seedId(29, 1) }), 400).success).toBe(false);
    });

    it('answers the seeded requests by state and keeps the college to its own', async () => {
      const page = (q: string, token = office) => t.call('GET', `${DOC}/page?size=100&${q}`, token);
      expect(data(await page('handleStatus_equal=0')).data.total).toBe(4);
      expect(data(await page('handleStatus_equal=1')).data.total).toBe(3);
      const mine = data(await page('', college)).data.records as Row[];
      expect(mine.every((r) => r.departmentId === CS)).toBe(true);
    });
  });
});
