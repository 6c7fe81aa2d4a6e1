import { BUSINESS_DICTIONARIES, menuIconSource, PLATFORM_TENANT, SYSTEM_DICTIONARIES, type DictionarySeed } from '@alumni/domain';
import { hashPassword, md5Hex } from '../auth/password.js';
import type { Db } from '../db/database.js';
import { DATA_SCOPE_TABLE, MENU_TABLE, MENU_TREE, TOP_MENUS, seedId, type MenuSeed } from './menu-tree.js';
import { writeMenu } from './menu-rows.js';
import { seedRegions } from './region-seed.js';
import { SeedWriter } from './seed-writer.js';

/** Ids the platform fixes. */
export const ADMIN_USER_ID = '1123598821738675201';
export const ROOT_DEPT_ID = '1123598813738675201';
export const ADMIN_ROLE_ID = '1123598816738675201';
export const DEMO_PASSWORD = 'Xy@123456';

export const PARAMS: [string, string, string][] = [
  ['account.failCount', '5', '登录失败次数上限'],
  ['account.initPassword', DEMO_PASSWORD, '重置后的密码'],
  ['tenant.default.password', DEMO_PASSWORD, '新租户管理员的密码'],
  ['tenant.default.accountNumber', '-1', '新租户的账号额度(-1 不限)'],
  ['tenant.default.menuCode', 'desk,work', '新租户默认菜单'],
  ['alumni.schoolName', '示范大学', '学校名称'],
  ['alumni.schoolBeginYear', '1952', '建校年份'],
  ['alumni.code.prefix', 'XY', '校友编号前缀'],
  ['alumni.publicBaseUrl', '', '对外地址: 邮件、短信与相册分享链接以它开头(空 = 首次在浏览器登录时填写)'],
  ['portal.enabled', '1', '校友门户是否开放(1 开放 / 0 关闭)'],
  ['portal.sections', 'notices,messages,texts,surveys,activities,gifts,privacy', '校友门户显示的栏目(逗号分隔)'],
  ['portal.schoolName', '', '校友门户显示的学校名称(空 = 学校名称)'],
  ['portal.logoUrl', '', '校友门户显示的学校标志地址'],
  ['portal.cardBenefits', '凭卡入校参观\n图书馆阅览\n校友活动优先报名', '电子校友卡背面的校友权益(每行一项)'],
  ['donation.code.prefix', 'JZ', '捐赠编号前缀'],
  ['sms.push.batchSize', '100', '短信推送批量'],
  ['sms.push.ratePerSecond', '20', '短信推送速率'],
  ['sms.push.maxRetry', '3', '短信推送最大重试次数'],
  ['export.maxRows', '50000', '导出行数上限'],
  ['import.maxRows', '20000', '导入行数上限'],
  // A path is the built-in designer / viewer; a web address (http…) an external report server (decision 167).
  ['report.designerUrl', '/report/designer', '报表设计地址'],
  ['report.previewUrl', '/report/preview', '报表预览地址'],
];

export async function seedDictionaries(w: SeedWriter, table: string, dictionaries: readonly (DictionarySeed & { remarks?: Record<string, string> })[], tenantId: string) {
  let sort = 1;
  for (const dict of dictionaries) {
    const parentId = await w.insert(table, { parentId: '0', code: dict.code, dictKey: '-1', dictValue: dict.name, sort: sort++, isSealed: 0, remark: null }, tenantId);
    let entrySort = 1;
    for (const entry of dict.entries) {
      await w.insert(table, {
        parentId, code: dict.code, dictKey: entry.key, dictValue: entry.value, sort: entrySort++,
        isSealed: 0, remark: dict.remarks?.[entry.key] ?? null,
      }, tenantId);
    }
  }
}

/** Every menu and button row id of the shipped tree, by code. */
export function menuIdsByCode(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: MenuSeed[]) => {
    for (const m of list) {
      out.set(m.code, seedId(MENU_TABLE, m.row));
      m.buttons?.forEach((b, i) => out.set(b.code, seedId(MENU_TABLE, m.row + i + 1)));
      if (m.children) walk(m.children);
    }
  };
  walk(MENU_TREE);
  return out;
}

async function seedMenus(w: SeedWriter, list: MenuSeed[], parentId: string) {
  for (const m of list) await writeMenu(w, m, parentId);
}

export const DATA_SCOPE_MENUS: [string, string][] = [
  ['user', 'dept_id'], ['dept', 'id'], ['notice', 'create_dept'],
  ['department', 'org_dept_id'], ['speciality', 'org_dept_id'], ['departmentexamine', 'org_dept_id'], ['specialityexamine', 'org_dept_id'],
  ['basicinfo', 'org_dept_id'], ['studentstatus', 'org_dept_id'], ['student', 'org_dept_id'], ['registinfo', 'org_dept_id'],
  ['honor', 'org_dept_id'], ['association', 'org_dept_id'], ['visitrecord', 'org_dept_id'], ['carelist', 'org_dept_id'], ['docquery', 'org_dept_id'],
  ['activity', 'org_dept_id'], ['actapplist', 'org_dept_id'], ['activitycost', 'org_dept_id'],
  ['photo', 'org_dept_id'], ['donation', 'org_dept_id'],
  ['alumninotice', 'org_dept_id'], ['noticepush', 'org_dept_id'],
  ['smspush', 'org_dept_id'],
  ['questionnaire', 'org_dept_id'], ['subjectregist', 'org_dept_id'], ['optioninstruction', 'org_dept_id'],
];

/** The three scope records seeded per menu, in order: 全部可见 (1), 本机构及子级可见 (4), 本人可见 (2). */
const SCOPE_TYPES = ['1', '4', '2'] as const;

/** The id of the seeded data-scope record of a menu and type (for the demo roles' grants). */
export function dataScopeId(code: string, type: (typeof SCOPE_TYPES)[number]): string {
  const index = DATA_SCOPE_MENUS.findIndex(([c]) => c === code);
  if (index < 0) throw new Error(`no data scopes are seeded for ${code}`);
  return seedId(DATA_SCOPE_TABLE, index * SCOPE_TYPES.length + SCOPE_TYPES.indexOf(type) + 1);
}

/** For each menu: 全部可见 (1), 本机构及子级可见 (4) on the menu's own column, 本人可见 (2) on `create_user`. */
async function seedDataScopes(w: SeedWriter, byCode: Map<string, string>) {
  for (const [code, column] of DATA_SCOPE_MENUS) {
    const menuId = byCode.get(code);
    if (!menuId) throw new Error(`data scopes name a menu that is not seeded: ${code}`);
    const names = { 1: '全部可见', 4: '本机构及子级可见', 2: '本人可见' } as const;
    const columns = { 1: 'id', 4: column, 2: 'create_user' } as const;
    for (const scopeType of SCOPE_TYPES) {
      await w.insert('blade_scope_data', {
        id: dataScopeId(code, scopeType), menuId, resourceCode: code, scopeName: names[scopeType], scopeColumn: columns[scopeType], scopeType, scopeValue: null,
      });
    }
  }
}

/**
 * What every installation starts with: the platform tenant, the `saber` client, the menus, the
 * system and business dictionaries, the parameters, the regions, the root department and the administrator.
 */
export async function seedPlatform(db: Db, adminPassword: string): Promise<void> {
  const w = new SeedWriter(db, ADMIN_USER_ID);
  await w.insert('blade_tenant', { tenantId: PLATFORM_TENANT, tenantName: '示范大学', domain: '', linkman: '系统管理员', contactNumber: '13900000001', accountNumber: -1 });
  await w.insert('blade_client', {
    clientId: 'saber', clientSecret: 'saber_secret', scope: 'all',
    authorizedGrantTypes: 'refresh_token,authorization_code,captcha,social', webServerRedirectUri: 'http://localhost:8080',
    accessTokenValidity: 3600, refreshTokenValidity: 604800, autoapprove: 'true',
  });
  await seedMenus(w, MENU_TREE, '0');
  const byCode = menuIdsByCode();
  for (const top of TOP_MENUS) {
    const id = await w.insert('blade_top_menu', { id: seedId(95, top.row), code: top.code, name: top.name, nameEn: top.nameEn, source: menuIconSource(top.source), sort: top.sort });
    for (const code of top.menus) {
      const menuId = byCode.get(code);
      if (menuId) await w.link('blade_top_menu_setting', { topMenuId: id, menuId });
    }
  }
  await seedDataScopes(w, byCode);
  await seedDictionaries(w, 'blade_dict', SYSTEM_DICTIONARIES, PLATFORM_TENANT);
  await seedDictionaries(w, 'blade_dict_biz', BUSINESS_DICTIONARIES, PLATFORM_TENANT);
  for (const [key, value, name] of PARAMS) await w.insert('blade_param', { paramName: name, paramKey: key, paramValue: value });
  await seedRegions(w);
  await w.insert('blade_dept', { id: ROOT_DEPT_ID, parentId: '0', ancestors: '0', deptCategory: 1, deptName: '示范大学', fullName: '示范大学', sort: 1 });
  await w.insert('blade_role', { id: ADMIN_ROLE_ID, parentId: '0', roleName: '超级管理员', roleAlias: 'administrator', sort: 1 });
  await w.insert('blade_user', {
    id: ADMIN_USER_ID, code: 'admin', userType: 1, account: 'admin', password: await hashPassword(md5Hex(adminPassword)),
    name: 'admin', realName: '系统管理员', email: 'admin@example.com', phone: '13900000001', sex: '1',
    roleId: ADMIN_ROLE_ID, deptId: ROOT_DEPT_ID,
  });
}
