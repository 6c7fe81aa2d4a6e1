import { defineEntity } from '../../entity.js';
import { text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Data sources of the developer tools (BladeX `blade_datasource`, platform-wide): the databases whose
 * tables data models are designed from, and which a tenant or the BladeX import may name. Each save
 * tries the connection first; the password is sealed at rest and never answered.
 */
export const datasourceEntity = defineEntity({
  name: 'datasource',
  label: t('数据源', 'Data source'),
  table: 'blade_datasource',
  scope: 'platform',
  permission: 'datasource',
  api: { base: '/blade-develop/datasource' },
  fields: {
    name: text(t('名称', 'Name'), { required: true, max: 64, list: true, search: 'like', width: 180 }),
    driverClass: text(t('驱动类', 'Driver class'), { required: true, max: 128, list: true, width: 220 }),
    url: text(t('连接地址', 'URL'), { required: true, max: 500, list: true, wide: true }),
    username: text(t('用户名', 'User name'), { max: 64, list: true, width: 140 }),
    password: text(t('密码', 'Password'), { max: 255, secret: true, sealed: true }),
    remark: textarea(t('备注', 'Remark'), { max: 255 }),
  },
  unique: [{ fields: ['name'], message: t('数据源名称已存在', 'This data source name already exists') }],
  titleField: 'name',
});
