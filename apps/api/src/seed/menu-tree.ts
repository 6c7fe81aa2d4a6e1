/**
 * The menu tree the product ships (DOMAIN section 16), as far as its pages exist. Ids are fixed
 * (`1900000000000` + table 94 + row; a menu row is a multiple of 10 and its buttons follow it)
 * so grants, packages and top menus can name them.
 */
export interface ButtonSeed {
  code: string;
  name: string;
  nameEn: string;
  /** 1 toolbar, 2 row, 3 both. */
  action: 1 | 2 | 3;
}

export interface MenuSeed {
  row: number;
  code: string;
  name: string;
  nameEn: string;
  path: string;
  source: string;
  sort: number;
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
}

/** The buttons of a list page: add, edit, delete and (unless left out) view. */
export const crud = (code: string, options: { view?: boolean } = {}): ButtonSeed[] => [
  { code: `${code}_add`, name: '新增', nameEn: 'Add', action: 1 },
  { code: `${code}_edit`, name: '修改', nameEn: 'Edit', action: 2 },
  { code: `${code}_delete`, name: '删除', nameEn: 'Delete', action: 3 },
  ...(options.view === false ? [] : [{ code: `${code}_view`, name: '查看', nameEn: 'View', action: 2 as const }]),
];

const view = (code: string): ButtonSeed => ({ code: `${code}_view`, name: '查看', nameEn: 'View', action: 2 });

const button = (code: string, name: string, nameEn: string, action: 1 | 2 | 3): ButtonSeed => ({ code, name, nameEn, action });

/** The buttons of an examine screen (DOMAIN 3.3): examine, view, delete. */
const examine = (code: string): ButtonSeed[] => [
  button(`${code}_examine`, '审核', 'Examine', 3), view(code), button(`${code}_delete`, '删除', 'Delete', 3),
];

export const MENU_TREE: MenuSeed[] = [
  {
    row: 100, code: 'desk', name: '工作台', nameEn: 'Desk', path: '/desk', source: 'DesktopOutlined', sort: 1,
    children: [
      { row: 110, code: 'notice', name: '通知公告', nameEn: 'Notices (staff)', path: '/desk/notice', source: 'SoundOutlined', sort: 1, buttons: crud('notice') },
    ],
  },
  {
    row: 200, code: 'work', name: '我的事务', nameEn: 'My work', path: '/work', source: 'ScheduleOutlined', sort: 2,
    children: [
      { row: 210, code: 'work_start', name: '发起事务', nameEn: 'Start', path: '/work/start', source: 'PlayCircleOutlined', sort: 1, buttons: [
        button('work_start_flow', '发起', 'Start', 2), button('work_start_image', '流程图', 'Diagram', 2),
      ] },
      { row: 220, code: 'work_claim', name: '待签事务', nameEn: 'To claim', path: '/work/claim', source: 'InboxOutlined', sort: 2, buttons: [
        button('work_claim_sign', '签收', 'Claim', 2), button('work_claim_detail', '详情', 'Detail', 2), button('work_claim_follow', '跟踪', 'Track', 2),
      ] },
      { row: 230, code: 'work_todo', name: '待办事务', nameEn: 'To do', path: '/work/todo', source: 'ClockCircleOutlined', sort: 3, buttons: [
        button('work_todo_handle', '办理', 'Handle', 2), button('work_todo_detail', '详情', 'Detail', 2), button('work_todo_follow', '跟踪', 'Track', 2),
      ] },
      { row: 240, code: 'work_send', name: '已发事务', nameEn: 'Sent', path: '/work/send', source: 'ExportOutlined', sort: 4, buttons: [
        button('work_send_detail', '详情', 'Detail', 2), button('work_send_follow', '跟踪', 'Track', 2),
      ] },
      { row: 250, code: 'work_done', name: '办结事务', nameEn: 'Done', path: '/work/done', source: 'CheckCircleOutlined', sort: 5, buttons: [
        button('work_done_detail', '详情', 'Detail', 2), button('work_done_follow', '跟踪', 'Track', 2),
      ] },
    ],
  },
  {
    row: 300, code: 'alumni', name: '校友管理', nameEn: 'Alumni', path: '/alumni', source: 'TeamOutlined', sort: 3,
    // Shows ID numbers, phones, e-mails, addresses and birthdays unmasked (DOMAIN 1.8).
    buttons: [button('alumni_sensitive_view', '查看敏感信息', 'View sensitive data', 3)],
    children: [
      { row: 310, code: 'registinfo', name: '校友信息登记', nameEn: 'Registrations', path: '/alumni/registinfo', source: 'IdcardOutlined', sort: 1, buttons: [
        ...crud('registinfo'), button('registinfo_examine', '审核', 'Examine', 3), button('registinfo_enable', '启用/停用', 'Enable/disable', 2),
        button('registinfo_import', '导入', 'Import', 1), button('registinfo_export', '导出', 'Export', 1),
      ] },
      { row: 320, code: 'basicinfo', name: '校友基础信息库', nameEn: 'Alumni library', path: '/alumni/basicinfo', source: 'DatabaseOutlined', sort: 2, buttons: [
        // 导入 follows 导出 so the ids of the buttons seeded before it stay as they were.
        ...crud('basicinfo'), button('basicinfo_export', '导出', 'Export', 1), button('basicinfo_import', '导入', 'Import', 1),
      ] },
      { row: 330, code: 'studentstatus', name: '学籍管理', nameEn: 'Student status', path: '/alumni/studentstatus', source: 'SolutionOutlined', sort: 3, buttons: [
        ...crud('studentstatus'), button('studentstatus_examine', '审核', 'Examine', 3),
        button('studentstatus_import', '导入', 'Import', 1), button('studentstatus_export', '导出', 'Export', 1),
      ] },
      { row: 340, code: 'student', name: '学生名册', nameEn: 'Student records', path: '/alumni/student', source: 'ContactsOutlined', sort: 4, buttons: [
        ...crud('student'), button('student_import', '导入', 'Import', 1), button('student_export', '导出', 'Export', 1),
      ] },
      { row: 350, code: 'honor', name: '荣誉管理', nameEn: 'Honours', path: '/alumni/honor', source: 'TrophyOutlined', sort: 5, buttons: [
        ...crud('honor'), button('honor_export', '导出', 'Export', 1),
      ] },
      // Requests alumni make in the portal about their personal data (PIPL art. 44–47): handled here.
      { row: 360, code: 'privacyrequest', name: '隐私权请求', nameEn: 'Privacy requests', path: '/alumni/privacyrequest', source: 'SafetyCertificateOutlined', sort: 6, buttons: crud('privacyrequest') },
      // The electronic alumni card: applications examined and cards suspended or revoked here, verified on 校友卡核验.
      { row: 370, code: 'alumnicard', name: '电子校友卡', nameEn: 'Alumni cards', path: '/alumni/alumnicard', source: 'IdcardOutlined', sort: 7, buttons: [
        ...examine('alumnicard'), button('alumnicard_state', '停用/注销', 'Suspend or revoke', 2),
      ] },
      { row: 380, code: 'alumnicardverify', name: '校友卡核验', nameEn: 'Card verification', path: '/alumni/alumnicardverify', source: 'CheckCircleOutlined', sort: 8 },
      // The tenant's tag taxonomy (groups and coloured tags) that alumni records carry.
      { row: 390, code: 'alumnitag', name: '标签管理', nameEn: 'Tags', path: '/alumni/alumnitag', source: 'FlagOutlined', sort: 9, buttons: crud('alumnitag') },
      // Saved searches of the alumni library (decisions 311–313): listed with live counts, renamed, shared, removed.
      { row: 2480, code: 'segment', name: '分群管理', nameEn: 'Segments', path: '/alumni/segment', source: 'FilterOutlined', sort: 10 },
    ],
  },
  {
    row: 400, code: 'academic', name: '院系专业', nameEn: 'Academic units', path: '/academic', source: 'BankOutlined', sort: 4,
    children: [
      { row: 410, code: 'department', name: '院系管理', nameEn: 'Departments', path: '/academic/department', source: 'ApartmentOutlined', sort: 1, buttons: [
        ...crud('department'), button('department_export', '导出', 'Export', 1),
      ] },
      { row: 420, code: 'speciality', name: '专业管理', nameEn: 'Specialities', path: '/academic/speciality', source: 'BookOutlined', sort: 2, buttons: [
        ...crud('speciality'), button('speciality_export', '导出', 'Export', 1),
      ] },
      { row: 430, code: 'departmentexamine', name: '院系审核', nameEn: 'Department examination', path: '/academic/departmentexamine', source: 'AuditOutlined', sort: 3, buttons: examine('departmentexamine') },
      { row: 440, code: 'specialityexamine', name: '专业审核', nameEn: 'Speciality examination', path: '/academic/specialityexamine', source: 'FileDoneOutlined', sort: 4, buttons: examine('specialityexamine') },
    ],
  },
  {
    row: 500, code: 'org', name: '校友组织', nameEn: 'Associations', path: '/association', source: 'ClusterOutlined', sort: 5,
    children: [
      { row: 510, code: 'association', name: '校友会', nameEn: 'Alumni associations', path: '/association/association', source: 'UsergroupAddOutlined', sort: 1, buttons: [
        ...crud('association'), button('association_member', '成员管理', 'Members', 3), button('association_export', '导出', 'Export', 1),
      ] },
    ],
  },
  {
    row: 600, code: 'activities', name: '活动管理', nameEn: 'Activities', path: '/activity', source: 'CalendarOutlined', sort: 6,
    children: [
      { row: 610, code: 'activity', name: '活动管理', nameEn: 'Activities', path: '/activity/activity', source: 'FlagOutlined', sort: 1, buttons: [
        ...crud('activity'), button('activity_enable', '上架/下架', 'Publish/unpublish', 2), button('activity_winners', '生成中奖名单', 'Draw winners', 2),
        button('activity_export', '导出', 'Export', 1),
      ] },
      { row: 620, code: 'actapplist', name: '活动报名', nameEn: 'Applications', path: '/activity/actapplist', source: 'FormOutlined', sort: 2, buttons: [
        button('actapplist_add', '代报名', 'Apply for someone', 1), button('actapplist_edit', '修改', 'Edit', 2), button('actapplist_delete', '删除', 'Delete', 3),
        view('actapplist'), button('actapplist_confirm', '确认/拒绝', 'Confirm/reject', 3), button('actapplist_signin', '签到', 'Check in', 2),
        button('actapplist_export', '导出', 'Export', 1),
      ] },
      { row: 630, code: 'activitycost', name: '活动费用', nameEn: 'Activity costs', path: '/activity/activitycost', source: 'AccountBookOutlined', sort: 3, buttons: [
        ...crud('activitycost'), button('activitycost_export', '导出', 'Export', 1),
      ] },
      { row: 640, code: 'photo', name: '活动相册', nameEn: 'Photo albums', path: '/activity/photo', source: 'PictureOutlined', sort: 4, buttons: [
        button('photo_add', '新建相册', 'New album', 1), button('photo_edit', '修改', 'Edit', 2), button('photo_delete', '删除', 'Delete', 3),
        view('photo'), button('photo_upload', '上传照片', 'Upload photos', 2), button('photo_share', '分享', 'Share', 2),
        button('photo_download', '下载', 'Download', 2),
      ] },
      // Check-in by ticket QR code or code with a phone's camera, and the kiosk code alumni scan to check themselves in.
      { row: 650, code: 'checkindesk', name: '签到台', nameEn: 'Check-in desk', path: '/activity/checkindesk', source: 'CheckCircleOutlined', sort: 5, buttons: [
        button('checkindesk_revoke', '吊销/重发门票', 'Revoke/reissue tickets', 2),
      ] },
      { row: 660, code: 'checkinkiosk', name: '自助签到', nameEn: 'Self check-in kiosk', path: '/activity/checkinkiosk', source: 'MobileOutlined', sort: 6 },
    ],
  },
  {
    row: 700, code: 'giving', name: '捐赠管理', nameEn: 'Giving', path: '/giving', source: 'GiftOutlined', sort: 7,
    children: [
      { row: 710, code: 'donation', name: '捐赠管理', nameEn: 'Donations', path: '/giving/donation', source: 'MoneyCollectOutlined', sort: 1, buttons: [
        ...crud('donation'), button('donation_code', '生成编号', 'Generate code', 2),
        button('donation_import', '导入', 'Import', 1), button('donation_export', '导出', 'Export', 1),
      ] },
    ],
  },
  {
    row: 800, code: 'engage', name: '联络服务', nameEn: 'Engagement', path: '/engage', source: 'CustomerServiceOutlined', sort: 8,
    children: [
      { row: 810, code: 'visitrecord', name: '走访记录', nameEn: 'Visit records', path: '/engage/visitrecord', source: 'EnvironmentOutlined', sort: 1, buttons: [
        ...crud('visitrecord'), button('visitrecord_examine', '审核', 'Examine', 3), button('visitrecord_export', '导出', 'Export', 1),
      ] },
      { row: 820, code: 'carelist', name: '关怀名单', nameEn: 'Care list', path: '/engage/carelist', source: 'HeartOutlined', sort: 2, buttons: [
        ...crud('carelist'), button('carelist_export', '导出', 'Export', 1),
      ] },
      { row: 830, code: 'message', name: '留言管理', nameEn: 'Messages', path: '/engage/message', source: 'CommentOutlined', sort: 3, buttons: [
        { code: 'message_add', name: '登记留言', nameEn: 'Record a message', action: 1 }, ...crud('message').slice(1),
        button('message_answer', '回复/关闭', 'Answer / close', 2), button('message_export', '导出', 'Export', 1),
      ] },
      { row: 840, code: 'docquery', name: '档案查询', nameEn: 'Document queries', path: '/engage/docquery', source: 'FileSearchOutlined', sort: 4, buttons: [
        ...crud('docquery'), button('docquery_handle', '办理', 'Handle', 2), button('docquery_export', '导出', 'Export', 1),
      ] },
    ],
  },
  {
    row: 900, code: 'messaging', name: '消息推送', nameEn: 'Messaging', path: '/message', source: 'NotificationOutlined', sort: 9,
    children: [
      { row: 910, code: 'alumninotice', name: '通知管理', nameEn: 'Notices', path: '/message/notice', source: 'ReadOutlined', sort: 1, buttons: [
        ...crud('alumninotice'), button('alumninotice_publish', '发布/撤回', 'Publish / withdraw', 2), button('alumninotice_export', '导出', 'Export', 1),
      ] },
      { row: 930, code: 'noticepush', name: '通知推送', nameEn: 'Notice pushes', path: '/message/noticepush', source: 'SendOutlined', sort: 3, buttons: [
        button('noticepush_add', '新建', 'New', 1), ...crud('noticepush').slice(1), button('noticepush_send', '发送/取消', 'Send / cancel', 2),
      ] },
      { row: 980, code: 'smspush', name: '短信推送', nameEn: 'SMS pushes', path: '/message/smspush', source: 'MessageOutlined', sort: 4, buttons: [
        { code: 'smspush_add', name: '新建', nameEn: 'New', action: 1 }, ...crud('smspush').slice(1),
        button('smspush_send', '发送/取消', 'Send / cancel', 3),
        button('smspushtarget_add', '手工添加', 'Add by hand', 1), button('smspushtarget_edit', '修改推送对象', 'Edit recipient', 2),
        button('smspushtarget_delete', '删除推送对象', 'Remove recipient', 3), button('smspushtarget_alumni', '从校友库添加', 'Add from the alumni library', 1),
        button('smspushtarget_import', '导入号码', 'Import numbers', 1), button('smspushtarget_resend', '失败重发', 'Resend failures', 3),
        button('smspushtarget_export', '导出', 'Export', 1),
      ] },
      { row: 920, code: 'noticetemplate', name: '通知模板', nameEn: 'Notice templates', path: '/message/noticetemplate', source: 'SnippetsOutlined', sort: 2, buttons: crud('noticetemplate') },
      { row: 950, code: 'emailsetting', name: '邮件设置', nameEn: 'E-mail settings', path: '/message/emailsetting', source: 'MailOutlined', sort: 5, buttons: [
        ...crud('emailsetting'), button('emailsetting_test', '发送测试邮件', 'Send test mail', 2),
      ] },
      { row: 960, code: 'text', name: '文本管理', nameEn: 'Texts', path: '/message/text', source: 'FileTextOutlined', sort: 6, buttons: crud('text') },
    ],
  },
  {
    row: 1700, code: 'survey', name: '问卷调查', nameEn: 'Surveys', path: '/survey', source: 'ProjectOutlined', sort: 10,
    children: [
      { row: 1710, code: 'questionnaire', name: '问卷调查', nameEn: 'Questionnaires', path: '/survey/questionnaire', source: 'ProfileOutlined', sort: 1, buttons: [
        ...crud('questionnaire'), button('questionnaire_publish', '发布/暂停/结束', 'Publish / pause / close', 2),
        button('questionnaire_stats', '统计', 'Statistics', 2), button('questionnaire_export', '导出答卷', 'Export answers', 2),
      ] },
      { row: 1730, code: 'subjectregist', name: '题目登记', nameEn: 'Questions', path: '/survey/subjectregist', source: 'OrderedListOutlined', sort: 2, buttons: crud('subjectregist') },
      { row: 1750, code: 'optioninstruction', name: '选项说明', nameEn: 'Options', path: '/survey/optioninstruction', source: 'UnorderedListOutlined', sort: 3, buttons: crud('optioninstruction') },
    ],
  },
  {
    // DOMAIN 16.1: 报表设计 opens the built-in designer; parameter report.designerUrl may name an external one (decision 167).
    row: 1800, code: 'report', name: '统计报表', nameEn: 'Reports', path: '/report', source: 'BarChartOutlined', sort: 11,
    children: [
      { row: 1810, code: 'reportlist', name: '报表列表', nameEn: 'Report list', path: '/report/reportlist', source: 'TableOutlined', sort: 1, buttons: [
        button('reportlist_view', '预览', 'Preview', 2), button('reportlist_design', '设计', 'Design', 2), button('reportlist_delete', '删除', 'Delete', 3),
      ] },
      { row: 1820, code: 'report_designer', name: '报表设计', nameEn: 'Report designer', path: '/report/designer', source: 'EditOutlined', sort: 2 },
    ],
  },
  {
    row: 1000, code: 'system', name: '系统管理', nameEn: 'System', path: '/system', source: 'SettingOutlined', sort: 90,
    children: [
      { row: 1010, code: 'user', name: '用户管理', nameEn: 'Users', path: '/system/user', source: 'UserOutlined', sort: 1, buttons: [
        ...crud('user'),
        { code: 'user_role', name: '角色配置', nameEn: 'Roles', action: 1 },
        { code: 'user_reset', name: '密码重置', nameEn: 'Reset password', action: 1 },
        { code: 'user_platform', name: '平台配置', nameEn: 'Platform', action: 1 },
        { code: 'user_unlock', name: '账号解封', nameEn: 'Unlock', action: 1 },
      ] },
      { row: 1020, code: 'dept', name: '部门管理', nameEn: 'Departments', path: '/system/dept', source: 'ApartmentOutlined', sort: 2, buttons: crud('dept') },
      { row: 1030, code: 'post', name: '岗位管理', nameEn: 'Posts', path: '/system/post', source: 'IdcardOutlined', sort: 3, buttons: crud('post') },
      { row: 1040, code: 'dict', name: '字典管理', nameEn: 'Dictionaries', path: '/system/dict', source: 'ReadOutlined', sort: 4, buttons: crud('dict') },
      { row: 1050, code: 'dictbiz', name: '业务字典', nameEn: 'Business dictionaries', path: '/system/dictbiz', source: 'BookOutlined', sort: 5, buttons: crud('dictbiz') },
      { row: 1060, code: 'menu', name: '菜单管理', nameEn: 'Menus', path: '/system/menu', source: 'MenuOutlined', sort: 6, buttons: crud('menu') },
      { row: 1070, code: 'topmenu', name: '顶部菜单', nameEn: 'Top menus', path: '/system/topmenu', source: 'LayoutOutlined', sort: 7, buttons: [
        ...crud('topmenu'), { code: 'topmenu_setting', name: '菜单配置', nameEn: 'Menus', action: 2 },
      ] },
      { row: 1080, code: 'param', name: '参数管理', nameEn: 'Parameters', path: '/system/param', source: 'ControlOutlined', sort: 8, buttons: crud('param') },
      { row: 1090, code: 'tenant', name: '租户管理', nameEn: 'Tenants', path: '/system/tenant', source: 'ShopOutlined', sort: 9, buttons: [
        ...crud('tenant'),
        { code: 'tenant_setting', name: '授权配置', nameEn: 'Licence', action: 1 },
        { code: 'tenant_datasource', name: '数据源配置', nameEn: 'Data source', action: 1 },
        { code: 'tenant_package', name: '产品包配置', nameEn: 'Package', action: 1 },
      ] },
      { row: 1100, code: 'tenantpackage', name: '租户产品包', nameEn: 'Tenant packages', path: '/system/tenantpackage', source: 'AppstoreAddOutlined', sort: 10, buttons: crud('tenantpackage', { view: false }) },
      { row: 1110, code: 'client', name: '应用管理', nameEn: 'OAuth clients', path: '/system/client', source: 'AppstoreOutlined', sort: 11, buttons: crud('client') },
      // Not in DOMAIN 16.2: address allow/deny rules of the platform and of each tenant (decision 290).
      { row: 2400, code: 'addressrule', name: '访问地址规则', nameEn: 'Address rules', path: '/system/addressrule', source: 'SafetyCertificateOutlined', sort: 12, buttons: crud('addressrule') },
      // Not in DOMAIN 16.2: how long each kind of row is kept, purged or anonymised daily (decisions 307–309).
      { row: 2450, code: 'retention', name: '数据保留', nameEn: 'Data retention', path: '/system/retention', source: 'ClockCircleOutlined', sort: 13, buttons: [
        ...crud('retention', { view: false }), button('retention_run', '立即执行', 'Run now', 1),
      ] },
    ],
  },
  {
    row: 1200, code: 'authority', name: '权限管理', nameEn: 'Authority', path: '/authority', source: 'SafetyCertificateOutlined', sort: 91,
    children: [
      { row: 1210, code: 'role', name: '角色管理', nameEn: 'Roles', path: '/authority/role', source: 'UserSwitchOutlined', sort: 1, buttons: [
        ...crud('role'), { code: 'role_grant', name: '权限设置', nameEn: 'Grant', action: 2 },
      ] },
      { row: 1220, code: 'datascope', name: '数据权限', nameEn: 'Data scopes', path: '/authority/datascope', source: 'FilterOutlined', sort: 2, buttons: crud('datascope') },
      { row: 1230, code: 'apiscope', name: '接口权限', nameEn: 'API scopes', path: '/authority/apiscope', source: 'ApiOutlined', sort: 3, buttons: crud('apiscope') },
    ],
  },
  {
    row: 1300, code: 'base', name: '基础配置', nameEn: 'Base data', path: '/base', source: 'DeploymentUnitOutlined', sort: 92,
    children: [
      { row: 1310, code: 'region', name: '行政区划', nameEn: 'Regions', path: '/base/region', source: 'GlobalOutlined', sort: 1, buttons: crud('region') },
    ],
  },
  {
    row: 1400, code: 'resource', name: '资源管理', nameEn: 'Resources', path: '/resource', source: 'CloudServerOutlined', sort: 93,
    children: [
      { row: 1410, code: 'oss', name: '对象存储', nameEn: 'Object storage', path: '/resource/oss', source: 'CloudUploadOutlined', sort: 1, buttons: [
        ...crud('oss'), button('oss_enable', '启用', 'Enable', 2),
      ] },
      { row: 1420, code: 'sms', name: '短信配置', nameEn: 'SMS settings', path: '/resource/sms', source: 'MobileOutlined', sort: 2, buttons: [
        ...crud('sms'), button('sms_enable', '启用', 'Enable', 2), button('sms_send', '发送测试', 'Send test', 2),
      ] },
      { row: 1430, code: 'attach', name: '附件管理', nameEn: 'Attachments', path: '/resource/attach', source: 'PaperClipOutlined', sort: 3, buttons: [
        button('attach_upload', '上传', 'Upload', 1), button('attach_download', '下载', 'Download', 2),
        button('attach_delete', '删除', 'Delete', 3), button('attach_view', '查看', 'View', 2),
      ] },
    ],
  },
  {
    // DOMAIN 16.2: 研发工具; its menus join with their pages (decision 14).
    row: 1900, code: 'tool', name: '研发工具', nameEn: 'Developer tools', path: '/tool', source: 'ToolOutlined', sort: 94,
    children: [
      { row: 1910, code: 'code', name: '代码生成', nameEn: 'Code generation', path: '/tool/code', source: 'CodeOutlined', sort: 1, buttons: [
        ...crud('code'), button('code_gen', '代码生成', 'Generate', 2), button('code_copy', '复制', 'Copy', 2),
      ] },
      { row: 1920, code: 'datasource', name: '数据源管理', nameEn: 'Data sources', path: '/tool/datasource', source: 'HddOutlined', sort: 2, buttons: crud('datasource') },
      { row: 1930, code: 'model', name: '数据模型', nameEn: 'Data models', path: '/tool/model', source: 'BuildOutlined', sort: 3, buttons: [
        ...crud('model'), button('model_design', '模型设计', 'Design', 2),
      ] },
      // Not in DOMAIN 16.2: moving in from a BladeX installation (decisions 194–197); platform administrators only.
      { row: 2100, code: 'bladeximport', name: '从 BladeX 迁移', nameEn: 'Move in from BladeX', path: '/tool/bladeximport', source: 'ImportOutlined', sort: 4, buttons: [
        button('bladeximport_dryrun', '试运行', 'Dry run', 1), button('bladeximport_run', '导入', 'Import', 1),
      ] },
    ],
  },
  {
    row: 1550, code: 'flow', name: '流程管理', nameEn: 'Workflow admin', path: '/flow', source: 'PartitionOutlined', sort: 95,
    children: [
      { row: 1560, code: 'flow_model', name: '模型设计', nameEn: 'Process modeller', path: '/flow/model', source: 'ApartmentOutlined', sort: 1, buttons: [
        button('flow_model_deploy', '部署', 'Deploy', 1),
      ] },
      { row: 1570, code: 'flow_deploy', name: '部署管理', nameEn: 'Deployment', path: '/flow/deploy', source: 'RocketOutlined', sort: 2, buttons: [
        button('flow_deploy_upload', '上传部署', 'Upload and deploy', 1),
      ] },
      { row: 1580, code: 'flow_manager', name: '流程管理', nameEn: 'Processes', path: '/flow/manager', source: 'ControlOutlined', sort: 3, buttons: [
        button('flow_manager_state', '变更状态', 'Change state', 2), button('flow_manager_image', '流程图', 'Diagram', 2),
        button('flow_manager_remove', '删除', 'Delete', 2),
      ] },
      { row: 1590, code: 'flow_follow', name: '流程跟踪', nameEn: 'Process tracking', path: '/flow/follow', source: 'EyeOutlined', sort: 4, buttons: [
        button('flow_follow_delete', '删除', 'Delete', 2),
      ] },
    ],
  },
  {
    row: 1600, code: 'monitor', name: '系统监控', nameEn: 'Monitoring', path: '/monitor', source: 'DashboardOutlined', sort: 96,
    children: [
      {
        row: 1610, code: 'log', name: '日志管理', nameEn: 'Logs', path: '/monitor/log', source: 'FileTextOutlined', sort: 1,
        children: [
          { row: 1620, code: 'log_usual', name: '通用日志', nameEn: 'Usual log', path: '/monitor/log/usual', source: 'ProfileOutlined', sort: 1, buttons: [view('log_usual')] },
          { row: 1630, code: 'log_api', name: '接口日志', nameEn: 'API log', path: '/monitor/log/api', source: 'ApiOutlined', sort: 2, buttons: [view('log_api')] },
          { row: 1640, code: 'log_error', name: '错误日志', nameEn: 'Error log', path: '/monitor/log/error', source: 'BugOutlined', sort: 3, buttons: [view('log_error')] },
          // Not in DOMAIN 16.2: the audit trail of every write (docs/decisions.md 184–187).
          { row: 2000, code: 'audit', name: '审计日志', nameEn: 'Audit trail', path: '/monitor/log/audit', source: 'SafetyCertificateOutlined', sort: 4, buttons: [view('audit')] },
          // Not in DOMAIN 16.2: every unmasked read of personal data, for PIPL audits (decisions 302–304).
          { row: 2010, code: 'personal_access', name: '个人信息访问记录', nameEn: 'Personal-data access', path: '/monitor/log/personal-access', source: 'EyeOutlined', sort: 5, buttons: [
            view('personal_access'), button('personal_access_export', '导出', 'Export', 1),
          ] },
        ],
      },
      { row: 1650, code: 'api_doc', name: '接口文档', nameEn: 'API docs', path: '/api/docs/index.html', source: 'ReadOutlined', sort: 2 },
      // Not in DOMAIN 16.2: the job queue's page (docs/job-queue.md).
      { row: 1660, code: 'job', name: '任务队列', nameEn: 'Jobs', path: '/monitor/job', source: 'ControlOutlined', sort: 3, buttons: [
        view('job'), button('job_cancel', '取消', 'Cancel', 2), button('job_retry', '重试', 'Run again', 2),
      ] },
      // Not in DOMAIN 16.2: the live staff sessions and their forced sign-out (docs/sessions.md, decision 287).
      { row: 1670, code: 'online_user', name: '在线用户', nameEn: 'Online users', path: '/monitor/online', source: 'TeamOutlined', sort: 4, buttons: [
        button('online_user_logout', '强制退出', 'Force sign-out', 2), button('online_user_logout_all', '全部强退', 'Force out all', 2),
      ] },
    ],
  },
];

export const TOP_MENUS = [
  { row: 1, code: 'top_business', name: '校友业务', nameEn: 'Alumni business', source: 'AppstoreOutlined', sort: 1, menus: ['desk', 'work', 'alumni', 'academic', 'org', 'activities', 'giving', 'engage', 'messaging', 'survey', 'report'] },
  { row: 2, code: 'top_system', name: '系统管理', nameEn: 'Administration', source: 'SettingOutlined', sort: 2, menus: ['system', 'authority', 'base', 'resource'] },
  { row: 3, code: 'top_devops', name: '开发运维', nameEn: 'Development and operations', source: 'ToolOutlined', sort: 3, menus: ['tool', 'flow', 'monitor'] },
];

export const seedId = (table: number, row: number): string => `1900000000000${String(table).padStart(2, '0')}${String(row).padStart(4, '0')}`;
export const MENU_TABLE = 94;
export const DATA_SCOPE_TABLE = 96;
