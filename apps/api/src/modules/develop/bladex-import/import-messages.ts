import { t } from '@alumni/domain';

/** What the import answers when its input cannot be used (400). */
export const BLADEX_MSG = {
  notBladex: t('该数据源不是 BladeX 数据库：缺少表 {table}', 'The data source is not a BladeX database: table {table} is missing'),
  cannotConnect: t('无法连接数据源：{reason}', 'Cannot connect to the data source: {reason}'),
  badSettings: t('数据源设置不正确：{reason}', 'The data source settings are not valid: {reason}'),
  settingsRequired: t('请选择数据源', 'Please choose a data source'),
  datasourceMissing: t('数据源不存在', 'The data source does not exist'),
  badOption: t('导入选项 {name} 不正确', 'The import option {name} is not valid'),
  unknownTenant: t('BladeX 中没有租户 {tenantId}', 'BladeX has no tenant {tenantId}'),
  badTenantCode: t('目标租户编号 {tenantId} 只能是1-12位字母或数字', 'The target tenant ID {tenantId} must be 1 to 12 letters or digits'),
  sameTarget: t('租户 {first} 和 {second} 不能导入到同一个租户 {target}', 'Tenants {first} and {second} cannot both go to tenant {target}'),
  noTenant: t('BladeX 中没有可导入的租户', 'BladeX has no tenant to import'),
  running: t('已有导入正在进行，请等它结束后再试', 'An import is already running; try again when it has ended'),
};
