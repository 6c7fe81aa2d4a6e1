import { codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { OutboundGuard } from '../../security/outbound-address.js';
import { datasourceHooks } from './datasource-hooks.js';
import { registerDatasourceRoutes } from './develop-routes.js';
import { codeHooks, modelHooks, prototypeHooks } from './model-hooks.js';
import { registerCodeRoutes } from './code-routes.js';
import { registerModelRoutes } from './model-routes.js';

/** The developer tools' calls beside the standard entity calls. */
export function registerDevelopRoutes(app: FastifyInstance): void {
  registerDatasourceRoutes(app);
  registerModelRoutes(app);
  registerCodeRoutes(app);
}

/** The server-side rules of the developer tools' entities. */
export function developHooks(outbound: OutboundGuard): [string, EntityHooks][] {
  return [
    [datasourceEntity.name, datasourceHooks(outbound)], [modelEntity.name, modelHooks()], [modelPrototypeEntity.name, prototypeHooks()],
    [codeEntity.name, codeHooks()],
  ];
}
