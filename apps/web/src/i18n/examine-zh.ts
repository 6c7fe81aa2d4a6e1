/** Texts of the academic-unit pages. */
export const academicZh = {
  departments: '院系',
  allDepartments: '全部院系',
  historical: '历史',
  specialities: '专业',
};

/** Texts of the examine screens and the examination timeline. */
export const examineZh = {
  tabs: { draft: '草稿', pending: '待审核', approved: '已通过', rejected: '已驳回', all: '全部' },
  return: '退回',
  examine: '审核',
  batchApprove: '批量通过',
  batchReject: '批量驳回',
  title: '审核',
  batchTitle: '审核 {{count}} 条记录',
  result: '审核结果',
  approve: '通过',
  reject: '驳回',
  opinion: '审核意见',
  opinionPlaceholder: '驳回时请填写原因（至少2个字）',
  opinionRequired: '请填写驳回原因',
  succeeded: '已审核 {{count}} 条',
  failed: '{{count}} 条未能审核',
  submitter: '提交人',
  submitTime: '提交时间',
  timeline: '审核记录',
  noLogs: '暂无审核记录',
  actions: { submit: '提交审核', approve: '通过', reject: '驳回', merge: '合并', return: '退回', resubmit: '重新提交' },
};
