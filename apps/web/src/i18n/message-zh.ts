/** Texts of the message board's answer and close dialogs. */
export const messageZh = {
  answer: '回复',
  close: '关闭',
  answerTitle: '回复留言',
  closeTitle: '关闭留言',
  question: '留言',
  answerContent: '回复内容',
  answerRequired: '请输入2–2000个字的回复内容',
  isPublic: '在校友门户公开',
  notify: '通知留言人（按其同意的渠道发送短信或邮件）',
  remark: '关闭原因',
  remarkRequired: '请填写关闭原因',
  answered: '已回复',
  notifyQueued: '已回复，通知正在后台发送',
  closed: '留言已关闭',
};
