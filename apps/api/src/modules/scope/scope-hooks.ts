import { apiScopeEntity, dataScopeEntity, t } from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import { DATA_SCOPE_TYPE } from '../../access/scope-service.js';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { JsonRecord } from '../../db/row-mapping.js';

export const SCOPE_MSG = {
  menuMissing: t('所属菜单不存在', 'The menu does not exist'),
  badColumn: t('权限字段只能包含字母、数字和下划线', 'The column may only hold letters, digits and underscores'),
  valueRequired: t('自定义规则须填写规则值', 'A custom scope needs its values'),
  badType: t('规则类型不正确', 'The scope type is not valid'),
  badPath: t('接口地址须以 / 开头, 不能包含空白、? 或 #', 'The path must start with / and hold no spaces, ? or #'),
};

/** The menu (category 1) a scope belongs to: its code becomes the scope's resource code. */
async function menuCode(ctx: WriteContext, menuId: unknown): Promise<string | null> {
  const row = await ctx.db.selectFrom('blade_menu').select('code')
    .where('id', '=', String(menuId ?? '')).where('category', '=', 1).where('is_deleted', '=', 0).executeTakeFirst();
  return row ? String(row.code) : null;
}

async function withResourceCode(ctx: WriteContext, values: Record<string, unknown>, existing: JsonRecord | null) {
  if (existing) return; // the menu is create-only
  const code = /^\d{1,19}$/.test(String(values.menuId ?? '')) ? await menuCode(ctx, values.menuId) : null;
  if (!code) throw invalidFields({ menuId: SCOPE_MSG.menuMissing[ctx.lang] });
  values.resourceCode = code;
}

/**
 * Rules of data scopes and API scopes: the menu must exist (its code is the resource code), a
 * column is a plain name, a custom data scope has values, a path is a path. Every write drops
 * the grants and scopes the server remembers per role.
 */
export function scopeHooks(access: AccessService): [string, EntityHooks][] {
  const drop = () => access.invalidate();
  return [
    [dataScopeEntity.name, {
      async beforeSave(ctx, values, existing) {
        await withResourceCode(ctx, values, existing);
        const errors: Record<string, string> = {};
        if ('scopeColumn' in values && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(String(values.scopeColumn ?? ''))) errors.scopeColumn = SCOPE_MSG.badColumn[ctx.lang];
        const type = String(values.scopeType ?? existing?.scopeType ?? '');
        if (!Object.values(DATA_SCOPE_TYPE).includes(type as never)) errors.scopeType = SCOPE_MSG.badType[ctx.lang];
        const value = 'scopeValue' in values ? values.scopeValue : existing?.scopeValue;
        if (type === DATA_SCOPE_TYPE.custom && !String(value ?? '').trim()) errors.scopeValue = SCOPE_MSG.valueRequired[ctx.lang];
        if (Object.keys(errors).length) throw invalidFields(errors);
      },
      afterCommit: drop,
    }],
    [apiScopeEntity.name, {
      async beforeSave(ctx, values, existing) {
        await withResourceCode(ctx, values, existing);
        if ('scopePath' in values && !/^\/[^\s?#]*$/.test(String(values.scopePath ?? ''))) throw invalidFields({ scopePath: SCOPE_MSG.badPath[ctx.lang] });
        if ('scopeType' in values && !['1', '2'].includes(String(values.scopeType))) throw invalidFields({ scopeType: SCOPE_MSG.badType[ctx.lang] });
      },
      afterCommit: drop,
    }],
  ];
}
