/** Texts of the privacy request queue (隐私权请求). */
export const privacyZh = {
  anonymise: '执行匿名化',
  anonymiseTitle: '确认执行匿名化？',
  anonymiseBody: '校友“{{name}}”的全部个人信息（姓名、证件、联系方式、工作单位等）将被清除且不可恢复，统计数据保留。请求将标记为已完成。',
  anonymised: '已匿名化，请求已完成',
  ok: '执行',
  cancel: '取消',
};
