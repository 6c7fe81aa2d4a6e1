import i18n from '../../../i18n/index';

const zh = {
  toolbar: '格式工具栏',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  heading: '标题 {{level}}',
  paragraph: '正文',
  bulletList: '无序列表',
  orderedList: '有序列表',
  link: '链接',
  unlink: '取消链接',
  linkUrl: '链接地址',
  linkPlaceholder: 'https://',
  linkApply: '确定',
  linkInvalid: '请输入以 http://、https:// 或 mailto: 开头的地址',
  undo: '撤销',
  redo: '重做',
  editor: '通知内容编辑器',
};

const en: typeof zh = {
  toolbar: 'Formatting toolbar',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  heading: 'Heading {{level}}',
  paragraph: 'Paragraph',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  link: 'Link',
  unlink: 'Remove link',
  linkUrl: 'Link address',
  linkPlaceholder: 'https://',
  linkApply: 'OK',
  linkInvalid: 'Enter an address starting with http://, https:// or mailto:',
  undo: 'Undo',
  redo: 'Redo',
  editor: 'Notice content editor',
};

// Added with the editor's chunk, so pages without the editor (and the login page) do not carry them.
i18n.addResourceBundle('zh', 'translation', { richText: zh }, true, false);
i18n.addResourceBundle('en', 'translation', { richText: en }, true, false);
