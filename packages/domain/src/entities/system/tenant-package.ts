import { defineEntity } from '../../entity.js';
import { ids, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Tenant packages: the set of menus a tenant's roles may see and be granted. */
export const tenantPackageEntity = defineEntity({
  name: 'tenant-package',
  label: t('租户产品包', 'Tenant package'),
  table: 'blade_tenant_package',
  scope: 'platform',
  permission: 'tenantpackage',
  api: { base: '/blade-system/tenant-package' },
  fields: {
    packageName: text(t('产品包名称', 'Package name'), {
      required: true, max: 50, list: true, search: 'like', trigger: 'blur',
      requiredMessage: t('请输入产品包名称', 'Please enter the package name'),
    }),
    menuId: ids(t('菜单列表', 'Menus'), {
      required: true, list: true, wide: true,
      requiredMessage: t('请选择菜单', 'Please select the menus'),
      options: { url: '/blade-system/menu/tree', shape: 'tree' },
    }),
    remark: textarea(t('备注', 'Remark'), { max: 255, list: true }),
  },
  unique: [{ fields: ['packageName'], message: t('产品包名称已存在', 'This package name already exists') }],
  titleField: 'packageName',
  viewButton: false,
});
