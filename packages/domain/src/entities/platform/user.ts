import { defineEntity } from '../../entity.js';
import { date, dict, ids, text } from '../../fields.js';
import { t } from '../../text.js';

/** Users: the staff who sign in. Account names are unique per tenant. */
export const userEntity = defineEntity({
  name: 'user',
  label: t('用户', 'User'),
  table: 'blade_user',
  scope: 'tenant',
  permission: 'user',
  api: { base: '/blade-user', list: 'page' },
  fields: {
    code: text(t('用户编号', 'User code'), { max: 32 }),
    userType: dict(t('用户平台', 'Platform'), 'user_type', { numeric: true, default: '1' }),
    account: text(t('登录账号', 'Account'), { required: true, max: 45, list: true, search: 'like', form: 'create-only' }),
    password: text(t('密码', 'Password'), { max: 255, form: 'hidden' }),
    name: text(t('用户昵称', 'Nickname'), { required: true, max: 20, list: true }),
    realName: text(t('用户姓名', 'Real name'), { required: true, max: 10, list: true, search: 'like' }),
    avatar: text(t('头像', 'Avatar'), { max: 500, image: true }),
    email: text(t('邮箱', 'E-mail'), { max: 45, check: 'email' }),
    phone: text(t('手机号码', 'Mobile'), { max: 45, list: true, check: 'mobile' }),
    birthday: date(t('生日', 'Birthday')),
    sex: dict(t('性别', 'Sex'), 'sex'),
    roleId: ids(t('所属角色', 'Roles'), { required: true, options: { url: '/blade-system/role/tree', shape: 'tree', independent: true } }),
    deptId: ids(t('所属部门', 'Departments'), { required: true, options: { url: '/blade-system/dept/tree', shape: 'tree', independent: true } }),
    postId: ids(t('所属岗位', 'Posts'), { options: { url: '/blade-system/post/select', shape: 'list', labelKey: 'postName', valueKey: 'id' } }),
  },
  unique: [{ fields: ['account'], message: t('当前用户 [{value}] 已存在!', 'The user [{value}] already exists!') }],
  titleField: 'realName',
});
