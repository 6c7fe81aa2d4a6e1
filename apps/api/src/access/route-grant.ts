import {
  activityCostEntity, activityEntity, alumniCardEntity, ALUMNI_TAG_PICKER, deptEntity, dictBizEntity, dictEntity, donationEntity, menuEntity, permissionCodes, questionnaireSurveyEntity,
  registInfoEntity, routedEntities, subjectRegistEntity, visitRecordEntity, type EntityDef, type Field,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from '../core/errors.js';
import type { AccessService } from './access-service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The menus a picker or statistic call serves: the caller must hold at least one of them
     * (checked by `registerRouteGrantHook` before the handler runs), else 403.
     */
    menus?: readonly string[];
  }
}

/**
 * The menus whose forms use a picker: every routed entity with a field that reads the picker's
 * `url` (its options, the query left out) or points at the picker's entity `ref`, plus `extra`
 * (pages beyond the generic forms, the picker's own entity). A form field added tomorrow grants
 * its menu the picker the day it lands.
 */
export function pickerMenus(url: string, options: { ref?: string; extra?: readonly string[] } = {}): string[] {
  const menus = new Set<string>(options.extra ?? []);
  for (const entity of routedEntities()) {
    for (const field of Object.values(entity.fields) as Field[]) {
      const source = 'options' in field ? field.options : undefined;
      const ref = 'ref' in field ? field.ref : undefined;
      if ((source && source.url.split('?')[0] === url) || (options.ref !== undefined && ref === options.ref)) {
        menus.add(permissionCodes(entity).menu);
      }
    }
  }
  return [...menus].sort();
}

/** The menus an entity's rows are read from (as `EntityOperations.authoriseRead` allows). */
export const readMenusOf = (entity: EntityDef): string[] =>
  [permissionCodes(entity).menu, ...(entity.examine ? [entity.examine.menu] : []), ...(entity.readMenus ?? [])];

/**
 * The last part of the path of a picker (select, tree, lazy tree, a whole list for a form) or a
 * statistic (count*, enrollment): every such route declares the menus it serves, here or in its
 * own `config.menus`, unless it answers the caller's own grants (`OWN_PICKERS`).
 */
export const PICKER_OR_STATISTIC = /\/(?:[\w-]*select|select\/special|[\w-]*tree(?:-[\w-]+)?|lazy-[\w-]+|all|enrollment|department|count[A-Z]\w*)$/;

/**
 * Pickers every signed-in caller may call, each answering from the caller's own grants or
 * reference data that is no tenant's business (the shell needs them before any menu is open).
 */
export const OWN_PICKERS: Record<string, string> = {
  'GET /blade-system/menu/tree': 'own menus as a tree',
  'GET /blade-system/menu/grant-tree': 'what the caller can grant: their own menus and scopes',
  'GET /blade-system/menu/grant-top-tree': 'own menus, for the top-menu picker',
  'GET /blade-system/menu/role-tree-keys': "roles' keys filtered to the menus the caller holds",
  'GET /blade-system/dept/select': 'own departments (the department/role switch)',
  'GET /blade-system/role/select': 'own roles (the department/role switch)',
  'GET /blade-system/region/lazy-tree': 'regions: reference data of every tenant, no personal data',
};

const ALUMNI_PICKER = '/blade-basicInfo/basicInfo/select';
const DEPARTMENT_PICKER = '/blade-department/department/select';
const SPECIALITY_PICKER = '/blade-speciality/speciality/select/special';
const ACTIVITY_PICKER = '/blade-activity/activity/select';
const ASSOCIATION_PICKER = '/blade-association/association/tree';
const DEPT_PICKER = '/blade-system/dept/tree';
const ROLE_PICKER = '/blade-system/role/tree';
const POST_PICKER = '/blade-system/post/select';
const USER_PICKER = '/blade-user/select';
const SURVEY_PICKER = '/blade-questionnaireSurvey/questionnaireSurvey/select';
const SUBJECT_PICKER = '/blade-subjectRegist/subjectRegist/select';

/**
 * The declared grant of every picker and statistic call (path without `/api`): the caller holds at
 * least one of these menus or button codes, else 403 before the handler runs. A picker's menus are
 * those of the forms whose fields read it (`pickerMenus`) and of the pages that use it beside them.
 */
export const ROUTE_GRANTS: Record<string, readonly string[]> = {
  // Alumni, units and registrations.
  [`GET ${ALUMNI_PICKER}`]: pickerMenus(ALUMNI_PICKER, { extra: ['basicinfo', 'noticepush', 'smspush'] }),
  [`GET ${ALUMNI_TAG_PICKER}`]: pickerMenus(ALUMNI_TAG_PICKER, { extra: ['alumnitag'] }),
  'GET /blade-alumniTag/tagGroup/select': pickerMenus('/blade-alumniTag/tagGroup/select', { extra: ['alumnitag'] }),
  [`GET ${DEPARTMENT_PICKER}`]: pickerMenus(DEPARTMENT_PICKER, { ref: 'department', extra: ['department', 'speciality', 'student', 'noticepush'] }),
  [`GET ${SPECIALITY_PICKER}`]: pickerMenus(SPECIALITY_PICKER, { ref: 'speciality', extra: ['speciality'] }),
  'GET /blade-registInfo/registInfo/department': ['registinfo'],
  'GET /blade-registInfo/registInfo/enrollment': ['registinfo', 'studentstatus'],
  'POST /blade-registInfo/registInfo/countRegistInfo': readMenusOf(registInfoEntity),
  'POST /blade-studentStatus/studentStatus/countStudent': ['studentstatus', 'basicinfo'],
  // Relations, activities, giving.
  [`GET ${ACTIVITY_PICKER}`]: pickerMenus(ACTIVITY_PICKER, { ref: 'activity', extra: ['activity', 'actapplist', 'activitycost', 'photo', 'donation', 'carelist', 'visitrecord'] }),
  [`GET ${ASSOCIATION_PICKER}`]: pickerMenus(ASSOCIATION_PICKER, { ref: 'association', extra: ['association', 'visitrecord', 'activity', 'donation', 'photo', 'carelist', 'honor'] }),
  'POST /blade-visitRecord/visitRecord/countVisit': readMenusOf(visitRecordEntity),
  'GET /donation/countAmount': readMenusOf(donationEntity),
  'GET /activityCost/countAmount': readMenusOf(activityCostEntity),
  'GET /blade-activity/activity/countSeats': readMenusOf(activityEntity),
  'GET /blade-alumniCard/alumniCard/countCard': readMenusOf(alumniCardEntity),
  // Messaging and surveys.
  'GET /blade-noticeTemplate/noticeTemplate/all': ['noticetemplate', 'noticepush', 'smspush'],
  'GET /blade-noticePush/noticePush/notice-select': ['noticepush'],
  'GET /blade-noticePush/noticePush/sender-select': ['noticepush'],
  [`GET ${SURVEY_PICKER}`]: pickerMenus(SURVEY_PICKER, { extra: readMenusOf(questionnaireSurveyEntity) }),
  [`GET ${SUBJECT_PICKER}`]: pickerMenus(SUBJECT_PICKER, { extra: readMenusOf(subjectRegistEntity) }),
  'GET /blade-desk/process/leave/approver-select': ['work_start_flow'],
  // Organisation and system administration.
  [`GET ${DEPT_PICKER}`]: pickerMenus(DEPT_PICKER, { extra: ['dept', 'user'] }),
  'GET /blade-system/dept/lazy-tree': pickerMenus(DEPT_PICKER, { extra: ['dept', 'user'] }),
  'GET /blade-system/dept/lazy-list': readMenusOf(deptEntity),
  [`GET ${POST_PICKER}`]: pickerMenus(POST_PICKER, { extra: ['post', 'user'] }),
  [`GET ${ROLE_PICKER}`]: pickerMenus(ROLE_PICKER, { extra: ['role', 'user'] }),
  'GET /blade-system/role/tree-by-id': ['role', 'user'],
  [`GET ${USER_PICKER}`]: pickerMenus(USER_PICKER, { extra: ['user'] }),
  'GET /blade-system/tenant/select': ['tenant', 'user'],
  'GET /blade-system/menu/lazy-list': readMenusOf(menuEntity),
  'GET /blade-system/menu/lazy-menu-list': readMenusOf(menuEntity),
  'GET /blade-system/menu/top-tree-keys': ['topmenu_setting'],
  'GET /blade-system/dict/tree': readMenusOf(dictEntity),
  'GET /blade-system/dict-biz/tree': readMenusOf(dictBizEntity),
  'GET /blade-develop/datasource/select': ['datasource', 'model'],
  'GET /blade-develop/model/select': ['model', 'code'],
  'GET /blade-develop/model-prototype/select': ['model', 'code'],
};

/** Gives each route of `ROUTE_GRANTS` its declared `config.menus` as it is registered. */
function declareRouteGrants(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(`${prefix}/`) ? route.url.slice(prefix.length) : route.url;
    for (const method of [route.method].flat()) {
      const menus = ROUTE_GRANTS[`${method} ${path}`];
      if (!menus) continue;
      route.config = Object.assign(route.config ?? {}, { menus: [...new Set([...(route.config?.menus ?? []), ...menus])] });
    }
  });
}

/**
 * Refuses (403) a signed-in caller who holds none of a route's declared `config.menus` (its own, or
 * those `ROUTE_GRANTS` declares); the super administrator holds every menu through the access
 * service. Add before the routes, inside the `prefix` (/api) the routes are registered under.
 */
export function registerRouteGrantHook(app: FastifyInstance, access: AccessService, prefix = '/api'): void {
  declareRouteGrants(app, prefix);
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const menus = req.routeOptions.config?.menus;
    const caller = req.caller;
    if (!menus || !caller) return;
    for (const code of menus) if (await access.can(caller, code)) return;
    throw forbidden();
  });
}
