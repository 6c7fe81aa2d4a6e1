import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithTimeout } from '../lib/with-timeout';

type Page = LazyExoticComponent<ComponentType>;

const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(() => loadWithTimeout(load));

/** The pages built so far, by menu code; other menus show a plain "not available" page. */
export const menuPages: Readonly<Record<string, Page>> = {
  dict: page(() => import('./dict/SystemDictPage')),
  dictbiz: page(() => import('./dict/BizDictPage')),
  param: page(() => import('./param/ParamPage')),
  tenantpackage: page(() => import('./tenant-package/TenantPackagePage')),
  oss: page(() => import('./resource/OssPage')),
  sms: page(() => import('./resource/SmsPage')),
  attach: page(() => import('./resource/AttachPage')),
  emailsetting: page(() => import('./emailsetting/EmailSettingPage')),
  log_usual: page(() => import('./log/UsualLogPage')),
  log_api: page(() => import('./log/ApiLogPage')),
  log_error: page(() => import('./log/ErrorLogPage')),
  user: page(() => import('./system-admin/UserPage')),
  dept: page(() => import('./system-admin/DeptPage')),
  post: page(() => import('./system-admin/PostPage')),
  menu: page(() => import('./system-admin/MenuPage')),
  topmenu: page(() => import('./system-admin/TopMenuPage')),
  client: page(() => import('./system-admin/ClientPage')),
  role: page(() => import('./system-admin/RolePage')),
  datascope: page(() => import('./system-admin/DataScopePage')),
  apiscope: page(() => import('./system-admin/ApiScopePage')),
  tenant: page(() => import('./system-admin/TenantPage')),
  notice: page(() => import('./system-admin/NoticePage')),
  region: page(() => import('./region/RegionPage')),
  department: page(() => import('./academic/DepartmentPage')),
  speciality: page(() => import('./academic/SpecialityPage')),
  departmentexamine: page(() => import('./academic/DepartmentExaminePage')),
  specialityexamine: page(() => import('./academic/SpecialityExaminePage')),
  student: page(() => import('./people/StudentPage')),
  registinfo: page(() => import('./identity/RegistInfoPage')),
  basicinfo: page(() => import('./people/BasicInfoPage')),
  studentstatus: page(() => import('./people/StudentStatusPage')),
  donation: page(() => import('./giving/DonationPage')),
  photo: page(() => import('./albums/AlbumPage')),
};
