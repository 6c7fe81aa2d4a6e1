/** Texts of the alumni record's people tabs (study status, consent, registrations). */
export const peopleZh = {
  changeStatus: '变更学籍状态',
  firstStudy: '学籍信息',
  consentLog: '授权记录',
  registrations: '登记与审核',
  registrationsTab: '登记记录',
  studyTab: '学籍',
  noRegistrations: '暂无登记记录',
  noConsentLogs: '暂无授权记录',
  consentTime: '时间',
  channel: '渠道',
  allowed: '授权',
  allow: '同意',
  refuse: '拒绝',
  consentSource: '来源',
  operator: '操作人',
  note: '备注',
};
