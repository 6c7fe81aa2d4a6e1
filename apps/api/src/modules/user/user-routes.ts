import { isId, MSG, userEntity } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { listQuerySchema } from '../../engine/entity-routes.js';
import { pickerScope } from '../org/tree-nodes.js';
import { idList, param } from '../role/id-list.js';
import type { UserOperations } from './user-operations.js';

const tags = ['User (用户)'];
const ids = { type: 'string', description: 'comma-joined ids' };

/** The user calls of spec section 7 "User" beside page/detail/submit/remove. */
export function registerUserRoutes(app: FastifyInstance, users: UserOperations): void {
  const { operations, repository } = app.services;
  const caller = (req: FastifyRequest) => requireCaller(req.caller);

  // The staff picker of the business forms (a care list's responsible staff): the caller's own
  // tenant, its users' names only (DOMAIN 13.1), for holders of the user or care-list menu
  // (declared in access/route-grant.ts).
  app.get('/blade-user/select', { schema: { tags, summary: 'The users of the own tenant, for drop-downs: id, account, name and real name' } }, async (req) => {
    const rows = await repository.all(userEntity, pickerScope(caller(req), undefined), [], [{ field: 'realName', desc: false }]);
    return ok(rows.map((r) => ({ id: r.id, account: r.account, name: r.name, realName: r.realName })), req.lang);
  });
  // SpringBlade's user page asks `blade-user/list` where BladeX's asks `blade-user/page`: the same list.
  app.get('/blade-user/list', {
    schema: { tags, summary: 'The users, paged and filtered: the same list as blade-user/page (SpringBlade clients call it list)', querystring: listQuerySchema(userEntity) },
  }, async (req) => ok(await operations.listFromQuery(userEntity, caller(req), req.query as Record<string, unknown>), req.lang));
  const userIds = (req: FastifyRequest) => idList(param(req.query, req.body, 'userIds'), 'userIds', true);

  app.post('/blade-user/update', { schema: { tags, summary: 'Edits a user (id required)' } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.id !== 'string' || !isId(body.id)) throw badRequest(MSG.badFilterValue, { name: 'id' });
    return ok(await operations.submit(userEntity, caller(req), body, req.lang), req.lang);
  });

  app.get('/blade-user/info', { schema: { tags, summary: 'The signed-in user' } }, async (req) => ok(await users.info(caller(req)), req.lang));

  app.post('/blade-user/grant', { schema: { tags, summary: 'Gives users roles', querystring: { type: 'object', properties: { userIds: ids, roleIds: ids } } } }, async (req) => {
    await users.grant(caller(req), userIds(req), idList(param(req.query, req.body, 'roleIds'), 'roleIds', true));
    return ok(true, req.lang);
  });

  app.post('/blade-user/reset-password', { schema: { tags, summary: 'Sets the password of users to parameter account.initPassword', querystring: { type: 'object', properties: { userIds: ids } } } }, async (req) => {
    await users.resetPassword(caller(req), userIds(req));
    return ok(true, req.lang);
  });

  app.post('/blade-user/unlock', { schema: { tags, summary: 'Lifts the sign-in lockout of users', querystring: { type: 'object', properties: { userIds: ids } } } }, async (req) => {
    await users.unlock(caller(req), userIds(req));
    return ok(true, req.lang);
  });

  app.get('/blade-user/platform-detail', { schema: { tags, summary: 'A user with its platform extension', querystring: { type: 'object', properties: { id: { type: 'string' } } } } }, async (req) => {
    const [id] = idList((req.query as Record<string, unknown>).id, 'id', true);
    return ok(await users.platformDetail(caller(req), id as string), req.lang);
  });

  app.post('/blade-user/update-platform', {
    schema: { tags, summary: 'Sets the platform (userType) and its extension (userExt) of a user', body: { type: 'object', properties: { userId: { type: 'string' }, userType: { type: 'integer' }, userExt: { type: 'string' } } } },
  }, async (req) => {
    const [userId] = idList(param(req.query, req.body, 'userId'), 'userId', true);
    await users.updatePlatform(caller(req), userId as string, param(req.query, req.body, 'userType'), param(req.query, req.body, 'userExt'));
    return ok(true, req.lang);
  });
}
