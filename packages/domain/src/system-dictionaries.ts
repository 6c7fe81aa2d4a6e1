import type { DictionarySeed } from './business-dictionaries.js';

/** Entries of dictionary `oss` (key, name, English name). */
export const OSS_DICTIONARY_ENTRIES: [string, string, string][] = [
  ['1', 'MinIO', 'MinIO'], ['2', '七牛云', 'Qiniu'], ['3', '阿里云OSS', 'Alibaba Cloud OSS'], ['4', '腾讯云COS', 'Tencent Cloud COS'],
  ['5', '本地存储', 'Local folder'],
];

/** Entries of dictionary `sms` (key, name, English name). */
export const SMS_DICTIONARY_ENTRIES: [string, string, string][] = [
  ['1', '云片', 'Yunpian'], ['2', '七牛云', 'Qiniu'], ['3', '阿里云短信', 'Alibaba Cloud SMS'], ['4', '腾讯云短信', 'Tencent Cloud SMS'],
  ['5', '开发日志', 'Development log'],
];

const d = (code: string, name: string, nameEn: string, entries: [string, string, string, string?][]): DictionarySeed => ({
  code, name, nameEn, entries: entries.map(([key, value, valueEn]) => ({ key, value, valueEn })),
});

/** The platform's system dictionaries. The fourth item of an entry is its remark. */
export const SYSTEM_DICTIONARIES: readonly (DictionarySeed & { remarks?: Record<string, string> })[] = [
  d('sex', '性别', 'Sex', [['1', '男', 'Male'], ['2', '女', 'Female'], ['3', '未知', 'Unknown']]),
  d('notice', '通知类型', 'Notice category', [
    ['1', '发布通知', 'Announcement'], ['2', '批转通知', 'Forwarded approval'], ['3', '转发通知', 'Forwarded notice'],
    ['4', '指示通知', 'Instruction'], ['5', '任免通知', 'Appointment'], ['6', '事务通知', 'Affairs'], ['7', '会议通知', 'Meeting'],
  ]),
  d('menu_category', '菜单类型', 'Menu category', [['1', '菜单', 'Menu'], ['2', '按钮', 'Button']]),
  d('button_func', '按钮功能', 'Button position', [['1', '工具栏', 'Toolbar'], ['2', '操作栏', 'Row'], ['3', '工具操作栏', 'Toolbar and row']]),
  d('yes_no', '是否', 'Yes or no', [['0', '否', 'No'], ['1', '是', 'Yes']]),
  { ...d('flow', '流程类型', 'Process category', [['1', '请假流程', 'Leave process']]), remarks: { '1': 'leave' } },
  d('org_category', '机构类型', 'Unit category', [['1', '公司', 'Organisation'], ['2', '部门', 'Department'], ['3', '小组', 'Group']]),
  d('data_scope_type', '数据权限', 'Data scope type', [
    ['1', '全部可见', 'All'], ['2', '本人可见', 'Own'], ['3', '所在机构可见', 'Own unit'],
    ['4', '所在机构及子级可见', 'Own unit and below'], ['5', '自定义', 'Custom'],
  ]),
  d('api_scope_type', '接口权限', 'API scope type', [['1', '系统接口', 'System API'], ['2', '业务接口', 'Business API']]),
  d('scope_category', '权限类型', 'Scope category', [['1', '数据权限', 'Data scope'], ['2', '接口权限', 'API scope']]),
  // oss and sms: keys 1-4 mean what BladeX stores; the product's own providers are 5.
  d('oss', '对象存储', 'Object storage', OSS_DICTIONARY_ENTRIES),
  d('sms', '短信服务', 'SMS provider', SMS_DICTIONARY_ENTRIES),
  d('user_type', '用户平台', 'User platform', [['1', 'WEB', 'Web'], ['2', 'APP', 'App'], ['3', 'OTHER', 'Other']]),
  d('post_category', '岗位类型', 'Post category', [['1', '高层', 'Senior'], ['2', '中层', 'Middle'], ['3', '基层', 'Staff'], ['4', '其他', 'Other']]),
  d('region', '行政区划', 'Region level', [
    ['0', '国家', 'Country'], ['1', '省份/直辖市', 'Province'], ['2', '地市', 'City'], ['3', '区县', 'District'], ['4', '乡镇', 'Town'], ['5', '村委', 'Village'],
  ]),
  // The address rules (decision 290): what a rule does and which calls it governs.
  d('address_rule_type', '地址规则类型', 'Address rule type', [['1', '允许', 'Allow'], ['2', '拒绝', 'Deny']]),
  d('address_rule_scope', '地址规则范围', 'Address rule scope', [['1', '员工登录与接口', 'Staff sign-in and API'], ['2', '校友门户与公开页面', 'Alumni portal and public pages']]),
  // The personal-data access report (decision 302): how personal data was read unmasked.
  d('personal_access_kind', '个人信息访问方式', 'Personal-data access kind', [
    ['1', '列表查看', 'List view'], ['2', '详情查看', 'Detail view'], ['3', '导出', 'Export'], ['4', '报表', 'Report'], ['5', '本人下载', 'Own download'],
  ]),
  // Data retention (decision 307): what a policy governs and what it does with older rows.
  d('retention_target', '数据保留对象', 'Retention target', [
    ['log_usual', '操作与登录日志', 'Operation and sign-in log'], ['log_api', '接口日志', 'API log'], ['log_error', '错误日志', 'Error log'],
    ['personal_access', '个人信息访问记录', 'Personal-data access'], ['regist_rejected', '被驳回的校友登记', 'Rejected registrations'],
    ['consent_withdrawn', '已撤回的联系许可', 'Withdrawn consents'], ['sms_push_target', '短信推送对象', 'SMS push recipients'],
    ['notice_push_record', '通知推送记录', 'Notice push recipients'], ['send_record', '发送记录', 'Send records'],
  ]),
  d('retention_action', '数据保留处理方式', 'Retention action', [['1', '删除', 'Purge'], ['2', '匿名化', 'Anonymise']]),
];
