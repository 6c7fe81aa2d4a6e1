/** Texts of the organisation and relationship pages (DOMAIN 5). */
export const relationZh = {
  members: '成员',
  membersOf: '{{name}} · 成员',
  handIn: '提交审核',
  handInConfirm: '提交后将不能修改，确定提交审核吗？',
  handedIn: '已提交审核',
  returned: '已退回',
  visitsThisYear: '本年走访次数',
  alumniVisited: '走访校友人数',
  organizationsVisited: '走访单位数',
  handle: '办理',
  handleTitle: '办理档案查询',
  nextStatus: '办理操作',
  steps: { '1': '受理', '2': '办结', '3': '驳回', '4': '撤销' },
  handled: '办理完成',
  noStep: '该申请已办结、驳回或撤销，无需办理',
};
