import { activityEntity, donationEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../core/time.js';
import { seedId } from '../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { cellText } from './excel/cell-text.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const ACTIVITY = '/api/blade-activity/activity';
const TEMPLATES = '/api/blade-noticeTemplate/noticeTemplate';
const CS = seedId(1, 1);
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

const activity = (over: Row = {}): Row => ({
  title: '奖项测试活动', activityType: '3', departmentId: CS, startTime: at(30), endTime: at(240), location: '图书馆', needSignup: 1,
  signupStartTime: at(-60), signupEndTime: at(20), capacity: 0, targetScope: '1', content: '<p>x</p>', contactName: '王老师',
  contactPhone: '010-62780001', hasLottery: 1, lotteryPool: 2, ...over,
});

const gift = (over: Row = {}): Row => ({
  donorType: '2', donorName: `票据测试${Math.random().toString(36).slice(2, 8)}`, purpose: '1', donationMethod: '1', currency: 'CNY',
  amount: '1200', donateTime: `${formatDateTime(new Date()).slice(0, 10)} 00:00:00`, paymentStatus: 1, receiptStatus: 0, departmentId: CS, ...over,
});

describe('list and file fields in a sheet', () => {
  it('write a list\'s rows one a line with dictionary labels, files by their links, rich text as its words', () => {
    const prizes = activityEntity.fields.prizes!;
    const record = { prizes: JSON.stringify([{ prizeLevel: '2', prizeName: '手机', quantity: 2 }, { prizeLevel: '5', prizeName: '纪念U盘', quantity: 10 }]) };
    expect(cellText('prizes', prizes, record, 'zh')).toBe('一等奖 | 手机 | 2\n纪念奖 | 纪念U盘 | 10');
    expect(cellText('prizes', prizes, record, 'en')).toBe('First prize | 手机 | 2\nSouvenir prize | 纪念U盘 | 10');
    const scans = donationEntity.fields.receiptFiles!;
    expect(cellText('receiptFiles', scans, { receiptFiles: JSON.stringify([{ link: '/upload/a.pdf', name: 'a.pdf' }, { link: '/upload/b.png' }]) }, 'zh'))
      .toBe('/upload/a.pdf\n/upload/b.png');
  });
});

describe.each(testDialects())('list, file and picker fields on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, lang = 'zh-CN') => t.call(method, url, admin, body, { 'accept-language': lang });
  const refusal = async (url: string, body: Row, lang = 'zh-CN') => {
    const res = await call('POST', url, body, lang);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { msg: string; data: { errors?: Record<string, string> } | null };
  };

  it('takes a list field as rows and keeps it as JSON of its declared columns', async () => {
    const res = await call('POST', `${ACTIVITY}/submit`, activity({
      prizes: [{ prizeLevel: '2', prizeName: ' 手机 ', quantity: '2', extra: 'dropped' }, { prizeLevel: 5, prizeName: '纪念U盘', quantity: 10 }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await call('GET', `${ACTIVITY}/detail?id=${res.json().data.id}`)).json().data as Row;
    expect(JSON.parse(saved.prizes)).toEqual([{ prizeLevel: '2', prizeName: '手机', quantity: 2 }, { prizeLevel: '5', prizeName: '纪念U盘', quantity: 10 }]);
  });

  it('refuses a list field that is no list of rows, with too many rows, or a row that breaks its column\'s rule (400, zh and en)', async () => {
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: '{"prizeLevel":"1"}' }))).data?.errors?.prizes).toBe('奖项设置应为列表，每项为一行');
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: 'not json' }), 'en')).data?.errors?.prizes).toBe('Prizes must be a list of rows');
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: ['一等奖'] }))).data?.errors?.prizes).toBe('奖项设置应为列表，每项为一行');
    const eleven = Array.from({ length: 11 }, () => ({ prizeLevel: '5', prizeName: '徽章', quantity: 1 }));
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: eleven }))).data?.errors?.prizes).toBe('奖项设置应为0到10项');
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: [{ prizeLevel: '1', prizeName: '平板', quantity: 0 }] }))).data?.errors?.prizes)
      .toBe('奖项设置第1行：数量不能小于1');
    expect((await refusal(`${ACTIVITY}/submit`, activity({ prizes: [{ prizeLevel: '1', prizeName: '平板', quantity: 1 }, { prizeLevel: '2', quantity: 1 }] }), 'en')).data?.errors?.prizes)
      .toBe('Prizes, row 2: Please enter Prize');
  });

  it('checks a template\'s variables row by row', async () => {
    const template = {
      templateCode: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`, templateName: '变量测试', channel: '1', scene: '8', title: '通知',
      content: '${name}校友您好', providerTemplateId: '', status: 2,
    };
    expect((await refusal(`${TEMPLATES}/submit`, { ...template, variables: [{ name: 'name' }] })).data?.errors?.variables).toBe('变量说明第1行：请输入含义');
    const res = await call('POST', `${TEMPLATES}/submit`, { ...template, variables: [{ name: 'name', label: '姓名', sample: '张三' }] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await call('GET', `${TEMPLATES}/detail?id=${res.json().data.id}`)).json().data as Row;
    expect(JSON.parse(saved.variables)).toEqual([{ name: 'name', label: '姓名', sample: '张三' }]);
  });

  it('takes a file field as a list of uploaded links and refuses anything else or too many', async () => {
    expect((await refusal('/api/donation/update', gift({ receiptFiles: 'scan.pdf' }))).data?.errors?.receiptFiles).toBe('票据扫描件格式不正确');
    expect((await refusal('/api/donation/update', gift({ receiptFiles: [{ name: 'no link' }] }), 'en')).data?.errors?.receiptFiles)
      .toBe('Receipt scan is not a valid list of files');
    const six = Array.from({ length: 6 }, (_, i) => ({ link: `/upload/r${i}.pdf` }));
    expect((await refusal('/api/donation/update', gift({ receiptFiles: six }))).data?.errors?.receiptFiles).toBe('票据扫描件最多5个');
    const res = await call('POST', '/api/donation/update', gift({ receiptFiles: [{ link: '/upload/r.pdf', name: '票据.pdf', size: 2048 }] }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await call('GET', `/api/donation/detail?id=${res.json().data.id}`)).json().data as Row;
    expect(JSON.parse(saved.receiptFiles)).toEqual([{ link: '/upload/r.pdf', name: '票据.pdf', size: 2048 }]);
  });

  it('names the activity of a care entry and of an album, and finds them by the activity picked', async () => {
    const cares = (await call('GET', '/api/blade-actCarelist/actCarelist/list?size=100')).json().data.records as Row[];
    const care = cares.find((c) => c.activityId);
    expect(care, 'a seeded care entry of an activity').toBeTruthy();
    const title = (await call('GET', `${ACTIVITY}/detail?id=${care!.activityId}`)).json().data.title as string;
    expect(care!.activityName).toBe(title);
    const found = (await call('GET', `/api/blade-actCarelist/actCarelist/list?size=100&activityId=${care!.activityId}`)).json().data.records as Row[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.activityId === care!.activityId)).toBe(true);
    // The activity picker searches by title.
    const picked = (await call('GET', `/api/blade-activity/activity/select?title=${encodeURIComponent(title)}`)).json().data as Row[];
    expect(picked.map((a) => a.id)).toContain(care!.activityId);
    const albums = (await call('GET', '/api/photo/list?size=100')).json().data.records as Row[];
    const linked = albums.find((a) => a.activityId && a.associationId);
    expect(linked?.activityName).toBeTruthy();
    expect(linked?.associationName).toBeTruthy();
  });

  it('lets the SMS push page pick alumni by name: its menu is a grant of the alumni picker', async () => {
    const sms = await t.signInWithCodes(admin, ['smspush']);
    const res = await t.call('GET', `/api/blade-basicInfo/basicInfo/select?keyword=${encodeURIComponent('王')}`, sms);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Row[]).length).toBeGreaterThan(0);
    const none = await t.signInWithCodes(admin, ['smspush_view']);
    expect((await t.call('GET', '/api/blade-basicInfo/basicInfo/select?keyword=x', none)).statusCode).toBe(403);
  });
});
