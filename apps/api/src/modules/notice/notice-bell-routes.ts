import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { bellOf } from './notice-bell.js';

const tags = ['Notices (通知公告)'];

/** The top bar's bell: the signed-in user's unread notices, waiting messages and to-dos. */
export function registerNoticeBellRoutes(app: FastifyInstance): void {
  const { database, access, operations } = app.services;
  app.get('/blade-desk/notice/bell', {
    schema: { tags, summary: "The signed-in user's unread notices, messages waiting for an answer and workflow to-dos (the parts of held menus; five of each, with counts)" },
  }, async (req) => ok(await bellOf({ db: database.db, access, operations }, requireCaller(req.caller)), req.lang));
}
