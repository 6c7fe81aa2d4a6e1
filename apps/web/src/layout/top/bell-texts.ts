import i18n from '../../i18n';

/** The bell's texts (the top bar's notice popover), joined to the shell's. */
const zh = {
  notices: '通知',
  messages: '留言',
  todos: '待办',
  emptyNotices: '没有未读通知',
  emptyMessages: '没有待回复的留言',
  emptyTodos: '没有待办事务',
  nothing: '没有需要处理的事项',
  all: '查看全部',
  from: '留言人：{{name}}',
};
const en: typeof zh = {
  notices: 'Notices',
  messages: 'Messages',
  todos: 'To-dos',
  emptyNotices: 'No unread notices',
  emptyMessages: 'No messages waiting for an answer',
  emptyTodos: 'Nothing to do',
  nothing: 'Nothing needs your attention',
  all: 'View all',
  from: 'From {{name}}',
};

i18n.addResourceBundle('zh', 'translation', { shell: { bell: zh } }, true, false);
i18n.addResourceBundle('en', 'translation', { shell: { bell: en } }, true, false);
