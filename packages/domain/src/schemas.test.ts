import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity.js';
import { date, datetime, dict, fk, flag, ids, integer, text, textarea } from './fields.js';
import { parseSubmit } from './schemas.js';
import { t } from './text.js';
import { dictBizEntity } from './entities/system/dict-biz.js';
import { paramEntity } from './entities/system/param.js';
import { tenantPackageEntity } from './entities/system/tenant-package.js';
import { roleEntity } from './entities/platform/role.js';
import { userEntity } from './entities/platform/user.js';
import { tenantEntity } from './entities/platform/tenant.js';

/** One field of every kind, so each normalisation can be seen on its own. */
const sample = defineEntity({
  name: 'sample',
  label: t('样例', 'Sample'),
  table: 'sample',
  scope: 'tenant',
  permission: 'sample',
  fields: {
    title: text(t('标题', 'Title'), { required: true, max: 5 }),
    body: textarea(t('正文', 'Body'), { max: 10 }),
    amount: integer(t('数量', 'Amount'), { min: 0, max: 100, default: 7 }),
    enabled: flag(t('启用', 'Enabled')),
    sex: dict(t('性别', 'Sex'), 'sex'),
    levels: dict(t('学历层次', 'Levels'), 'education_level', { source: 'biz', multiple: true }),
    ownerId: fk(t('负责人', 'Owner')),
    roleIds: ids(t('角色', 'Roles')),
    born: date(t('生日', 'Birthday')),
    seenAt: datetime(t('访问时间', 'Seen at')),
    pickedAt: datetime(t('选定时间', 'Picked at'), { required: true }),
    code: text(t('编号', 'Code'), { max: 10, form: 'create-only' }),
    secret: text(t('密钥', 'Secret'), { max: 10, form: 'hidden' }),
    shown: text(t('只读', 'Read-only'), { max: 10, form: 'readonly' }),
  },
});

const valid = { title: 'ab', pickedAt: '2024-01-02 03:04:05' };
const one = (field: string, value: unknown, lang: 'zh' | 'en' = 'zh') => parseSubmit(sample, { ...valid, [field]: value }, lang);

describe('parseSubmit: required fields', () => {
  it('answers the dictionary-defined required messages in Chinese', () => {
    const r = parseSubmit(dictBizEntity, {}, 'zh');
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ code: '请输入字典编号', dictValue: '请输入字典名称', sort: '请输入字典排序', isSealed: '请选择封存' });
  });

  it('answers the dictionary-defined required messages in English', () => {
    const r = parseSubmit(dictBizEntity, {}, 'en');
    expect(r.errors).toEqual({
      code: 'Please input the dictionary code', dictValue: 'Please input the dictionary name',
      sort: 'Please input the dictionary sort', isSealed: 'Please select sealed',
    });
  });

  it('answers the parameter and package required messages as defined', () => {
    expect(parseSubmit(paramEntity, {}, 'zh').errors).toEqual({ paramName: '请输入参数名称', paramKey: '请输入参数键名', paramValue: '请输入参数键值' });
    expect(parseSubmit(paramEntity, {}, 'en').errors).toEqual({
      paramName: 'Please enter the parameter name', paramKey: 'Please enter the parameter key', paramValue: 'Please enter the parameter value',
    });
    expect(parseSubmit(tenantPackageEntity, {}, 'zh').errors).toEqual({ packageName: '请输入产品包名称', menuId: '请选择菜单' });
  });

  it('derives 请输入 for typed fields and 请选择 for chosen ones when no message is defined', () => {
    expect(parseSubmit(roleEntity, {}, 'zh').errors).toMatchObject({ roleName: '请输入角色名称', sort: '请输入角色排序' });
    expect(parseSubmit(userEntity, {}, 'zh').errors).toMatchObject({ roleId: '请选择所属角色', deptId: '请选择所属部门' });
    expect(parseSubmit(roleEntity, {}, 'en').errors).toMatchObject({ roleName: 'Please enter Role name' });
    expect(parseSubmit(userEntity, {}, 'en').errors).toMatchObject({ roleId: 'Please select Roles' });
  });

  it('treats blank text, null and whitespace as missing', () => {
    for (const blank of ['', '   ', null]) expect(one('title', blank).errors).toEqual({ title: '请输入标题' });
  });

  it('accepts a body that is not an object as an empty one', () => {
    for (const body of [null, 'x', 3, ['a']]) expect(parseSubmit(paramEntity, body, 'zh').errors).toHaveProperty('paramName');
  });
});

describe('parseSubmit: text', () => {
  it('refuses text longer than its maximum with the length message', () => {
    expect(one('title', 'abcdef').errors).toEqual({ title: '标题不能超过5个字符' });
    expect(one('title', 'abcdef', 'en').errors).toEqual({ title: 'Title must be at most 5 characters' });
  });

  it('accepts text of exactly the maximum length', () => {
    expect(one('title', 'abcde').values.title).toBe('abcde');
  });

  it('trims text before measuring it', () => {
    expect(one('title', '  abcde  ').values.title).toBe('abcde');
  });

  it('stores a number sent for a text field as its text', () => {
    expect(one('title', 123).values.title).toBe('123');
  });

  it('refuses an object or a boolean for a text field', () => {
    expect(one('title', { a: 1 }).errors).toEqual({ title: '标题格式不正确' });
    expect(one('body', true).errors).toEqual({ body: '正文格式不正确' });
  });

  it('applies the maximum of a textarea too', () => {
    expect(one('body', 'x'.repeat(11)).errors).toEqual({ body: '正文不能超过10个字符' });
  });
});

describe('parseSubmit: integer', () => {
  it('normalises a numeric string to a number', () => {
    expect(one('amount', ' 42 ').values.amount).toBe(42);
  });

  it('refuses fractions, letters and booleans', () => {
    for (const bad of [1.5, 'abc', '1.5', true]) expect(one('amount', bad).errors).toEqual({ amount: '数量必须是整数' });
  });

  it('refuses values outside the minimum and maximum', () => {
    expect(one('amount', -1).errors).toEqual({ amount: '数量不能小于0' });
    expect(one('amount', 101).errors).toEqual({ amount: '数量不能大于100' });
  });

  it('refuses integers beyond the 32-bit column when no bounds are declared', () => {
    expect(parseSubmit(roleEntity, { roleName: 'r', roleAlias: 'r', sort: 2 ** 31 }, 'zh').errors).toHaveProperty('sort');
  });
});

describe('parseSubmit: flag', () => {
  it('normalises "1" and 0 to numbers', () => {
    expect(one('enabled', '1').values.enabled).toBe(1);
    expect(one('enabled', 0).values.enabled).toBe(0);
  });

  it('refuses anything but 0 and 1', () => {
    for (const bad of [2, '2', 'yes', -1]) expect(one('enabled', bad).errors).toEqual({ enabled: '启用只能是0或1' });
  });
});

describe('parseSubmit: dict', () => {
  it('stores a numeric key as text', () => {
    expect(one('sex', 1).values.sex).toBe('1');
  });

  it('refuses keys longer than the dictionary column', () => {
    expect(one('sex', 'x'.repeat(33)).errors).toEqual({ sex: '性别不能超过32个字符' });
  });
});

describe('parseSubmit: fk', () => {
  it('normalises a numeric id to its string', () => {
    expect(one('ownerId', 1123598821738675201n.toString()).values.ownerId).toBe('1123598821738675201');
    expect(one('ownerId', 12).values.ownerId).toBe('12');
  });

  it('refuses ids that are not digits', () => {
    for (const bad of ['abc', '12a', '-1', '1.5', 'x'.repeat(3)]) expect(one('ownerId', bad).errors).toEqual({ ownerId: '负责人格式不正确' });
  });

  it('refuses ids longer than 19 digits', () => {
    expect(one('ownerId', '1'.repeat(20)).errors).toHaveProperty('ownerId');
  });

  it('refuses ids beyond the 64-bit range', () => {
    expect(one('ownerId', '9999999999999999999').errors).toHaveProperty('ownerId');
    expect(one('ownerId', '9223372036854775807').ok).toBe(true);
  });
});

describe('parseSubmit: ids', () => {
  it('joins an array, trims, drops blanks and duplicates', () => {
    expect(one('roleIds', ['1', 2, ' 3 ', '2']).values.roleIds).toBe('1,2,3');
    expect(one('roleIds', '1, 2,,2').values.roleIds).toBe('1,2');
  });

  it('refuses a list holding a non-id', () => {
    expect(one('roleIds', '1,a').errors).toEqual({ roleIds: '角色格式不正确' });
    expect(one('roleIds', { a: 1 }).errors).toEqual({ roleIds: '角色格式不正确' });
  });
});

describe('parseSubmit: date and datetime', () => {
  it('keeps the day of a date sent with a time', () => {
    expect(one('born', '2020-02-29 10:11:12').values.born).toBe('2020-02-29');
  });

  it('refuses impossible and malformed dates', () => {
    for (const bad of ['2021-02-29', '2020-13-01', '20200101', '2020/01/01', 'soon', 5]) {
      expect(one('born', bad).errors).toEqual({ born: '生日日期格式不正确' });
    }
  });

  it('accepts a datetime in the protocol form', () => {
    expect(one('seenAt', '2024-05-06 07:08:09').values.seenAt).toBe('2024-05-06 07:08:09');
  });

  it('refuses datetimes that are not yyyy-MM-dd HH:mm:ss or not a calendar day', () => {
    for (const bad of ['2024-05-06T07:08:09', '2024-05-06', '2024-02-30 00:00:00', '2024-05-06 07:08']) {
      expect(one('seenAt', bad).errors).toEqual({ seenAt: '访问时间日期格式不正确' });
    }
  });

  it('says 请选择 for a required datetime left empty', () => {
    expect(parseSubmit(sample, { title: 'a' }, 'zh').errors).toEqual({ pickedAt: '请选择选定时间' });
  });
});

describe('parseSubmit: create and update', () => {
  it('treats a body without id as a create', () => {
    const r = parseSubmit(sample, valid, 'zh');
    expect(r).toMatchObject({ ok: true, id: null });
  });

  it('fills defaults for optional fields a create leaves out', () => {
    const r = parseSubmit(sample, valid, 'zh');
    expect(r.values).toMatchObject({ amount: 7, enabled: 0, body: null, ownerId: null });
  });

  it('stores an optional field sent empty as null rather than its default', () => {
    expect(one('amount', '').values.amount).toBeNull();
  });

  it('reads a numeric or string id as an update', () => {
    expect(parseSubmit(sample, { id: 42 }, 'zh').id).toBe('42');
    expect(parseSubmit(sample, { id: ' 42 ' }, 'zh').id).toBe('42');
  });

  it('refuses a malformed id', () => {
    const r = parseSubmit(sample, { ...valid, id: 'abc' }, 'zh');
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ id: 'id格式不正确' });
  });

  it('does not require fields an update leaves out, nor touch them', () => {
    const r = parseSubmit(sample, { id: '1', body: 'x' }, 'zh');
    expect(r.ok).toBe(true);
    expect(r.values).toEqual({ body: 'x' });
  });

  it('refuses an update that empties a required field', () => {
    expect(parseSubmit(sample, { id: '1', title: '' }, 'zh').errors).toEqual({ title: '请输入标题' });
  });

  it('takes a create-only field on create and ignores it on update', () => {
    expect(one('code', 'c1').values.code).toBe('c1');
    expect(parseSubmit(sample, { id: '1', code: 'c2' }, 'zh').values).not.toHaveProperty('code');
  });

  it('ignores hidden and read-only fields, even when malformed', () => {
    const r = parseSubmit(sample, { ...valid, secret: 'x'.repeat(50), shown: { a: 1 } }, 'zh');
    expect(r.ok).toBe(true);
    expect(r.values).not.toHaveProperty('secret');
    expect(r.values).not.toHaveProperty('shown');
  });

  it('ignores fields that are not part of the entity', () => {
    const r = parseSubmit(sample, { ...valid, tenantId: '100001', isDeleted: 1, createUser: '5', hacker: 'x' }, 'zh');
    expect(r.values).not.toHaveProperty('tenantId');
    expect(r.values).not.toHaveProperty('isDeleted');
    expect(r.values).not.toHaveProperty('createUser');
    expect(r.values).not.toHaveProperty('hacker');
  });

  it('never takes the hidden licence fields of a tenant from a body', () => {
    const r = parseSubmit(tenantEntity, { tenantId: '123456', tenantName: 'x', accountNumber: 999, expireTime: '2099-01-01 00:00:00', packageId: '1' }, 'zh');
    expect(r.ok).toBe(true);
    expect(Object.keys(r.values)).not.toEqual(expect.arrayContaining(['accountNumber']));
    expect(r.values).not.toHaveProperty('expireTime');
    expect(r.values).not.toHaveProperty('packageId');
  });

  it('reports every bad field at once', () => {
    const r = parseSubmit(sample, { title: 'toolong', amount: 'x', enabled: 3 }, 'zh');
    expect(Object.keys(r.errors).sort()).toEqual(['amount', 'enabled', 'pickedAt', 'title']);
  });
});

describe('parseSubmit: a dictionary field of several keys', () => {
  const levels = (value: unknown) => {
    const parsed = one('levels', value);
    return parsed.ok ? parsed.values.levels : parsed.errors.levels;
  };
  it('keeps the keys comma-joined, each once, in the order given, from a list or from text', () => {
    expect(levels(['2', 3, '2'])).toBe('2,3');
    expect(levels(' 3 , 1,,')).toBe('3,1');
    expect(levels(4)).toBe('4');
  });
  it('reads no keys as no value', () => {
    expect(levels([])).toBe('');
  });
  it('refuses a key too long and a list too long, and what is not a key at all', () => {
    expect(levels(['k'.repeat(33)])).toBe('学历层次不能超过32个字符');
    expect(levels(Array.from({ length: 40 }, (_, i) => String(i)))).toBe('学历层次不能超过64个字符');
    expect(levels({ a: 1 })).toBeTypeOf('string');
  });
});
