import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const BASE = '/api/blade-notice/notice';
type Json = Record<string, unknown>;

describe.each(testDialects())('alumni notices on %s (DOMAIN 8.1)', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    college = await t.signIn('college');
  });
  afterAll(async () => t?.close());

  const submit = (body: Json, token = office) => t.call('POST', `${BASE}/submit`, token, body);
  const draft = async (token = office) => {
    const res = await submit({ title: '校友返校日通知', category: '2', content: '<p>欢迎<b>校友</b>返校<script>alert(1)</script></p>' }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };

  it('keeps a new notice as a draft with a sanitised body, its summary and the caller as author', async () => {
    const notice = await draft();
    expect(notice).toMatchObject({ publishStatus: 0, summary: '欢迎校友返校', author: '王晓梅', viewCount: 0 });
    expect(String(notice.content)).not.toContain('script');
    expect(notice.publishTime).toBeNull();
  });

  it('publishes, withdraws and publishes again, the first publication setting the time', async () => {
    const notice = await draft();
    const published = (await submit({ id: notice.id, publishStatus: 1 })).json().data as Json;
    expect(published.publishStatus).toBe(1);
    expect(published.publishTime).toEqual(expect.any(String));
    expect((await submit({ id: notice.id, publishStatus: 2 })).json().data.publishStatus).toBe(2);
    const again = (await submit({ id: notice.id, publishStatus: 1 })).json().data as Json;
    expect(again).toMatchObject({ publishStatus: 1, publishTime: published.publishTime });
    const back = await submit({ id: notice.id, publishStatus: 0 });
    expect(back.statusCode).toBe(400);
  });

  it('needs alumninotice_publish to publish, and to edit a published notice', async () => {
    const notice = await draft(college);
    expect((await submit({ id: notice.id, publishStatus: 1 }, college)).statusCode).toBe(403);
    expect((await submit({ id: notice.id, title: '校友返校日通知（修订）' }, college)).statusCode).toBe(200);
    await submit({ id: notice.id, publishStatus: 1 });
    const edit = await submit({ id: notice.id, title: '再次修订' }, college);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toContain('发布');
  });

  it('removes drafts and withdrawn notices only: 已发布的通知请先撤回', async () => {
    const notice = await draft();
    await submit({ id: notice.id, publishStatus: 1 });
    const refused = await t.call('POST', `${BASE}/remove?ids=${String(notice.id)}`, office);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('已发布的通知请先撤回');
    await submit({ id: notice.id, publishStatus: 2 });
    expect((await t.call('POST', `${BASE}/remove?ids=${String(notice.id)}`, office)).statusCode).toBe(200);
  });

  it('refuses more than five attachments and a one-character title', async () => {
    const files = JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ link: `/f/${i}`, name: `${i}.pdf` })));
    expect((await submit({ title: '附件过多', category: '1', content: '<p>正文</p>', attachments: files })).statusCode).toBe(400);
    expect((await submit({ title: '短', category: '1', content: '<p>正文</p>' })).json().msg).toBe('标题长度应为2到100个字');
  });

  it('lists pinned notices first, then the latest published', async () => {
    const list = (await t.call('GET', `${BASE}/list?size=100`, office)).json().data.records as Json[];
    const pins = list.map((r) => Number(r.isTop));
    expect([...pins].sort((a, b) => b - a)).toEqual(pins);
  });
});
