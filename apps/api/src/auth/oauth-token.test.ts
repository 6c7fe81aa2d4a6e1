import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/ids.js';
import { seedId } from '../seed/menu-tree.js';
import { ADMIN_USER_ID } from '../seed/platform-seed.js';
import { SeedWriter } from '../seed/seed-writer.js';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { hashPassword, md5Hex } from './password.js';

const ROLE = { alumniAdmin: seedId(91, 2), leader: seedId(91, 6) };
const DEPT = { office: seedId(92, 2), college: seedId(92, 4), beijing: seedId(92, 12) };

describe.each(testDialects())('oauth token on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  /** Adds a user of tenant 000000 for one test; answers a function removing it. */
  async function addUser(account: string, values: Record<string, unknown>): Promise<() => Promise<void>> {
    const id = await new SeedWriter(t.app.services.database.db, ADMIN_USER_ID).insert('blade_user', {
      code: account, userType: 1, account, password: await hashPassword(md5Hex(DEMO_PASSWORD)), name: account, realName: account, ...values,
    });
    return async () => void (await t.app.services.database.db.deleteFrom('blade_user').where('id', '=', id).execute());
  }

  describe('password grant', () => {
    it('answers the flat token object of the protocol for the right password', async () => {
      const res = await requestToken(t, passwordGrant('office'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        token_type: 'bearer', scope: 'all', expires_in: 3600, client_id: 'harness', tenant_id: '000000',
        user_id: seedId(90, 2), dept_id: DEPT.office, role_id: ROLE.alumniAdmin, role_name: 'alumni_admin',
        account: 'office', real_name: '王晓梅', detail: { type: 'web' },
      });
      for (const key of ['access_token', 'refresh_token', 'jti', 'post_id', 'oauth_id', 'user_name', 'nick_name', 'avatar']) {
        expect(typeof body[key], key).toBe('string');
      }
      expect(body).not.toHaveProperty('code');
    });

    it('takes the parameters from a form body as well as from the query', async () => {
      const form = new URLSearchParams({ tenantId: '000000', username: 'office', password: md5Hex(DEMO_PASSWORD), grant_type: 'password', scope: 'all' });
      const res = await t.app.inject({
        method: 'POST', url: '/api/blade-auth/oauth/token', payload: form.toString(),
        headers: { authorization: CLIENT_HEADER, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ account: 'office', tenant_id: '000000' });
    });

    it('refuses a wrong password with 400 用户名或密码错误', async () => {
      const res = await requestToken(t, passwordGrant('foundation', 'wrong'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    });

    it('refuses an unknown account with the same text as a wrong password', async () => {
      const res = await requestToken(t, passwordGrant('nobody-here'));
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    });

    it('answers in English when the client asks for it', async () => {
      const res = await requestToken(t, passwordGrant('foundation', 'wrong'), { 'accept-language': 'en-US,en' });
      expect(res.json().error_description).toBe('Wrong account or password');
    });

    it('signs in the account of the same name in another tenant with its own identity', async () => {
      const body = (await requestToken(t, passwordGrant('admin', DEMO_PASSWORD, '100001'))).json();
      expect(body).toMatchObject({ tenant_id: '100001', user_id: seedId(90, 101), role_name: 'admin' });
    });
  });

  describe('client', () => {
    it('refuses a request without the client header with 401 请求头中无client信息', async () => {
      const res = await requestToken(t, passwordGrant('admin'), { authorization: '' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized_client', error_description: '请求头中无client信息' });
    });

    it('refuses a client with the wrong secret with 401', async () => {
      const res = await requestToken(t, passwordGrant('admin'), { authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_client' });
      expect(res.json()).not.toHaveProperty('access_token');
    });

    it('refuses an unknown client with 401', async () => {
      const res = await requestToken(t, passwordGrant('admin'), { authorization: `Basic ${Buffer.from('nobody:saber_secret').toString('base64')}` });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a grant type the client is not allowed with 400 unsupported_grant_type', async () => {
      const { db } = t.app.services.database;
      const id = await new SeedWriter(db, ADMIN_USER_ID).insert('blade_client', {
        clientId: 'limited', clientSecret: 'limited_secret', scope: 'all', authorizedGrantTypes: 'captcha',
        accessTokenValidity: 3600, refreshTokenValidity: 604800,
      });
      try {
        const res = await requestToken(t, passwordGrant('admin'), { authorization: `Basic ${Buffer.from('limited:limited_secret').toString('base64')}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'unsupported_grant_type', error_description: '不支持的授权类型' });
      } finally {
        await db.deleteFrom('blade_client').where('id', '=', id).execute();
        t.app.services.clients.invalidate();
      }
    });

    it('refuses a grant type no client knows with 400', async () => {
      const res = await requestToken(t, { ...passwordGrant('admin'), grant_type: 'client_credentials' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('unsupported_grant_type');
    });
  });

  describe('tenant and roles', () => {
    it('refuses an unknown tenant with 租户ID未找到', async () => {
      const res = await requestToken(t, passwordGrant('admin', DEMO_PASSWORD, '999999'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '租户ID未找到' });
    });

    it('refuses the users of an expired tenant with 租户授权已过期,请联系管理员', async () => {
      const { db } = t.app.services.database;
      const row = await db.selectFrom('blade_tenant').select('expire_time').where('tenant_id', '=', '100001').executeTakeFirstOrThrow();
      await db.updateTable('blade_tenant').set({ expire_time: '2020-01-01 00:00:00' }).where('tenant_id', '=', '100001').execute();
      try {
        const res = await requestToken(t, passwordGrant('admin', DEMO_PASSWORD, '100001'));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '租户授权已过期,请联系管理员' });
      } finally {
        await db.updateTable('blade_tenant').set({ expire_time: row.expire_time }).where('tenant_id', '=', '100001').execute();
      }
    });

    it('refuses a user without roles with 未获得用户的角色信息', async () => {
      const remove = await addUser('noroles', { roleId: '', deptId: DEPT.office });
      try {
        const res = await requestToken(t, passwordGrant('noroles'));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '未获得用户的角色信息' });
      } finally {
        await remove();
      }
    });

    it('refuses a user whose roles no longer exist with 未获得用户的角色信息', async () => {
      const remove = await addUser('ghostrole', { roleId: ids.next(), deptId: DEPT.office });
      try {
        expect((await requestToken(t, passwordGrant('ghostrole'))).json().error_description).toBe('未获得用户的角色信息');
      } finally {
        await remove();
      }
    });
  });

  describe('lockout', () => {
    /** A token request from the given client address. */
    const tokenFrom = (remoteAddress: string, query: Record<string, string>, headers: Record<string, string> = {}) => t.app.inject({
      method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams(query)}`, remoteAddress,
      headers: { authorization: CLIENT_HEADER, 'tenant-id': query.tenantId ?? '000000', ...headers },
    });
    const WRONG = { error: 'invalid_grant', error_description: '用户名或密码错误' };
    const WAIT = { error: 'invalid_grant', error_description: '登录错误次数过多,请1分钟后再试' };

    it('makes an address wait after account.failCount failures, saying how long, alike for known and unknown accounts', async () => {
      try {
        for (let i = 0; i < 5; i++) {
          expect((await tokenFrom('10.9.0.1', passwordGrant('college', 'wrong'))).json()).toEqual(WRONG);
          expect((await tokenFrom('10.9.0.1', passwordGrant('nobody-known', 'wrong'))).json()).toEqual(WRONG);
        }
        // Whatever the password, and whether the account exists: the answer does not tell.
        for (const query of [passwordGrant('college'), passwordGrant('college', 'wrong'), passwordGrant('nobody-known')]) {
          const res = await tokenFrom('10.9.0.1', query);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual(WAIT);
        }
        expect((await tokenFrom('10.9.0.1', passwordGrant('college'), { 'accept-language': 'en' })).json().error_description)
          .toBe('Too many failed sign-ins, please try again in 1 minute(s)');
      } finally {
        await t.app.services.signIn.unlock('000000', 'college');
        await t.app.services.signIn.unlock('000000', 'nobody-known');
      }
    });

    it('lets the owner sign in from another address while the guessing address waits', async () => {
      try {
        for (let i = 0; i < 6; i++) await tokenFrom('10.9.1.1', passwordGrant('association', 'wrong'));
        expect((await tokenFrom('10.9.1.1', passwordGrant('association'))).json()).toEqual(WAIT);
        const owner = await tokenFrom('10.9.1.2', passwordGrant('association'));
        expect(owner.statusCode, owner.body).toBe(200);
        // The owner's success does not free the guesser.
        expect((await tokenFrom('10.9.1.1', passwordGrant('association'))).json().error).toBe('invalid_grant');
      } finally {
        await t.app.services.signIn.unlock('000000', 'association');
      }
    });

    it('doubles the wait with every further failure of the address, up to the lockout minutes', async () => {
      const { signIn } = t.app.services;
      try {
        const waits = [];
        for (let i = 0; i < 11; i++) waits.push(await signIn.recordFailure('000000', 'college', '10.9.2.1'));
        expect(waits).toEqual([0, 0, 0, 0, 60, 120, 240, 480, 960, 1800, 1800]);
        expect(await signIn.lockedFor('000000', 'college', '10.9.2.1')).toBeGreaterThan(1700);
        expect((await tokenFrom('10.9.2.1', passwordGrant('college'))).json().error_description).toBe('登录错误次数过多,请30分钟后再试');
        expect(await signIn.lockedFor('000000', 'college', '10.9.2.2')).toBe(0);
      } finally {
        await signIn.unlock('000000', 'college');
      }
    });

    it('lets the account sign in again from every address once unlocked', async () => {
      for (let i = 0; i < 5; i++) await tokenFrom('10.9.3.1', passwordGrant('association', 'wrong'));
      for (let i = 0; i < 5; i++) await tokenFrom('10.9.3.2', passwordGrant('association', 'wrong'));
      expect((await tokenFrom('10.9.3.1', passwordGrant('association'))).json()).toEqual(WAIT);
      await t.app.services.signIn.unlock('000000', 'association');
      expect((await tokenFrom('10.9.3.1', passwordGrant('association'))).json().access_token).toBeTypeOf('string');
      expect((await tokenFrom('10.9.3.2', passwordGrant('association'))).json().access_token).toBeTypeOf('string');
    });

    it('does not lock after fewer failures than the limit, and a success starts the count again', async () => {
      for (let i = 0; i < 4; i++) await requestToken(t, passwordGrant('leader', 'wrong'));
      expect((await requestToken(t, passwordGrant('leader'))).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await requestToken(t, passwordGrant('leader', 'wrong'));
      expect((await requestToken(t, passwordGrant('leader'))).statusCode).toBe(200);
    });

    it('locks an account of one tenant only', async () => {
      for (let i = 0; i < 5; i++) await requestToken(t, passwordGrant('admin', 'wrong', '100001'));
      try {
        expect((await requestToken(t, passwordGrant('admin', DEMO_PASSWORD, '100001'))).json()).toEqual(WAIT);
        expect((await requestToken(t, passwordGrant('admin'))).statusCode).toBe(200);
      } finally {
        await t.app.services.signIn.unlock('100001', 'admin');
      }
    });

    it('answers a disabled account like a wrong password, whatever the password, and counts it', async () => {
      const remove = await addUser('sleeper', { status: 0, roleId: ROLE.leader, deptId: DEPT.office });
      try {
        const right = await tokenFrom('10.9.4.1', passwordGrant('sleeper'));
        const wrong = await tokenFrom('10.9.4.1', passwordGrant('sleeper', 'wrong'));
        const unknown = await tokenFrom('10.9.4.1', passwordGrant('nobody-sleeps'));
        for (const res of [right, wrong, unknown]) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual(WRONG);
        }
        expect(await t.app.services.store.get('signin-fail:000000:sleeper:10.9.4.1')).toBe('2');
      } finally {
        await remove();
        await t.app.services.signIn.unlock('000000', 'sleeper');
        await t.app.services.signIn.unlock('000000', 'nobody-sleeps');
      }
    });
  });

  describe('refresh and logout', () => {
    const refreshQuery = (refreshToken: string) => ({ grant_type: 'refresh_token', refresh_token: refreshToken, tenantId: '000000' });

    it('issues a new working pair for a refresh token', async () => {
      const first = (await requestToken(t, passwordGrant('admin'))).json();
      const res = await requestToken(t, refreshQuery(first.refresh_token));
      expect(res.statusCode).toBe(200);
      const second = res.json();
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second).toMatchObject({ account: 'admin', tenant_id: '000000', token_type: 'bearer' });
      expect((await t.call('GET', '/api/blade-auth/oauth/user-info', second.access_token)).statusCode).toBe(200);
    });

    it('refuses a refresh token once it has been used', async () => {
      const first = (await requestToken(t, passwordGrant('admin'))).json();
      expect((await requestToken(t, refreshQuery(first.refresh_token))).statusCode).toBe(200);
      const again = await requestToken(t, refreshQuery(first.refresh_token));
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ error: 'invalid_grant', error_description: '令牌已失效' });
    });

    it('refuses an access token offered as a refresh token', async () => {
      const first = (await requestToken(t, passwordGrant('admin'))).json();
      expect((await requestToken(t, refreshQuery(first.access_token))).statusCode).toBe(401);
    });

    it('refreshes through the /oauth/token/refresh alias', async () => {
      const first = (await requestToken(t, passwordGrant('admin'))).json();
      const res = await requestToken(t, { refresh_token: first.refresh_token, tenantId: '000000' }, {}, '/api/blade-auth/oauth/token/refresh');
      expect(res.statusCode).toBe(200);
      expect(res.json().access_token).toBeTypeOf('string');
    });

    it('answers logout with {success:"true", msg:"success"} and the access token is refused afterwards', async () => {
      const pair = (await requestToken(t, passwordGrant('admin'))).json();
      const out = await t.call('GET', '/api/blade-auth/oauth/logout', pair.access_token);
      expect(out.json()).toEqual({ success: 'true', msg: 'success' });
      const after = await t.call('GET', '/api/blade-auth/oauth/user-info', pair.access_token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ code: 401, success: false, data: null, msg: '令牌已失效' });
    });

    it('revokes the refresh token of the session that logged out', async () => {
      const pair = (await requestToken(t, passwordGrant('admin'))).json();
      await t.call('GET', '/api/blade-auth/oauth/logout', pair.access_token);
      const res = await requestToken(t, refreshQuery(pair.refresh_token));
      expect(res.statusCode).toBe(401);
      expect(res.json().error_description).toBe('令牌已失效');
    });

    it('leaves the other sessions of the same user signed in', async () => {
      const one = (await requestToken(t, passwordGrant('admin'))).json();
      const two = (await requestToken(t, passwordGrant('admin'))).json();
      await t.call('GET', '/api/blade-auth/oauth/logout', one.access_token);
      expect((await t.call('GET', '/api/blade-auth/oauth/user-info', two.access_token)).statusCode).toBe(200);
    });
  });

  describe('switch mode', () => {
    let removeUser: () => Promise<void>;
    beforeAll(async () => {
      removeUser = await addUser('switcher', {
        roleId: `${ROLE.alumniAdmin},${ROLE.leader}`, deptId: `${DEPT.office},${DEPT.college}`,
      });
    });
    afterAll(async () => removeUser?.());

    it('puts every department and role of the user in the token without switch headers', async () => {
      const body = (await requestToken(t, passwordGrant('switcher'))).json();
      expect(body.dept_id).toBe(`${DEPT.office},${DEPT.college}`);
      expect(body.role_id.split(',').sort()).toEqual([ROLE.alumniAdmin, ROLE.leader].sort());
    });

    it('chooses the department named by Dept-Id', async () => {
      const body = (await requestToken(t, passwordGrant('switcher'), { 'dept-id': DEPT.college })).json();
      expect(body.dept_id).toBe(DEPT.college);
    });

    it('chooses the role named by Role-Id, and the token carries only its permissions', async () => {
      const body = (await requestToken(t, passwordGrant('switcher'), { 'role-id': ROLE.leader })).json();
      expect(body).toMatchObject({ role_id: ROLE.leader, role_name: 'leader' });
      // leader reads the business menus of DOMAIN 15.3 (of messaging only notices and pushes, no examination); alumni_admin much more.
      const routes = await t.call('GET', '/api/blade-system/menu/routes', body.access_token);
      const codes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
        nodes.flatMap((n) => [n.code, ...codes((n.children ?? []) as { code: string }[])]);
      expect(codes(routes.json().data)).toEqual([
        'desk', 'notice', 'work', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done',
        'alumni', 'registinfo', 'basicinfo', 'studentstatus', 'student', 'honor', 'alumnitag', 'segment', 'academic', 'department', 'speciality',
        'org', 'association', 'activities', 'activity', 'actapplist', 'activitycost', 'photo', 'giving', 'donation',
        'engage', 'visitrecord', 'carelist', 'message', 'messaging', 'alumninotice', 'noticepush', 'survey', 'questionnaire', 'report', 'reportlist',
      ]);
    });

    it('refuses a Dept-Id that is not one of the user\'s departments', async () => {
      const res = await requestToken(t, passwordGrant('switcher'), { 'dept-id': DEPT.beijing });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '无权切换到该部门或角色' });
    });

    it('refuses a Role-Id that is not one of the user\'s roles', async () => {
      const res = await requestToken(t, passwordGrant('switcher'), { 'role-id': seedId(91, 3) });
      expect(res.statusCode).toBe(400);
      expect(res.json().access_token).toBeUndefined();
    });

    it('switches role on refresh with a Role-Id header', async () => {
      const first = (await requestToken(t, passwordGrant('switcher'))).json();
      const res = await requestToken(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token, tenantId: '000000' }, { 'role-id': ROLE.alumniAdmin });
      expect(res.json()).toMatchObject({ role_id: ROLE.alumniAdmin, role_name: 'alumni_admin' });
    });
  });
});
