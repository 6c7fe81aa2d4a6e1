import type { FastifyInstance } from 'fastify';
import { registerPortalActivityRoutes } from './portal-content-activities.js';
import { registerPortalGiftRoutes } from './portal-content-gifts.js';
import { registerPortalNoticeRoutes } from './portal-content-notices.js';
import { registerPortalTextRoutes } from './portal-content-texts.js';

/** What the school sends and offers the signed-in alumnus in the portal (issue 28, part of the portal API). */
export function registerPortalContentRoutes(app: FastifyInstance): void {
  registerPortalNoticeRoutes(app);
  registerPortalTextRoutes(app);
  registerPortalActivityRoutes(app);
  registerPortalGiftRoutes(app);
}
