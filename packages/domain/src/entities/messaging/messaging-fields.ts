import { t } from '../../text.js';

/** Dictionary `push_channel`. */
export const PUSH_CHANNEL = { inApp: '1', sms: '2', email: '3', wechat: '4' } as const;

/** Codes of templates and texts: a capital letter, then capitals, digits and _ (3–32 characters). */
export const MESSAGING_CODE_RE = /^[A-Z][A-Z0-9_]{2,31}$/;

export const MESSAGING_MSG = {
  codeFormat: t('编码须以大写字母开头，只含大写字母、数字和下划线，3–32位', 'The code starts with a capital letter and holds capitals, digits and _ only (3–32)'),
  templateCodeTaken: t('模板编码已存在', 'This template code already exists'),
  sceneTaken: t('该场景已有启用的同渠道模板', 'This scene already has an enabled template on this channel'),
  titleRequired: t('邮件和站内消息模板须填写标题', 'E-mail and in-app templates need a subject'),
  providerTemplateRequired: t('短信和微信模板须填写服务商模板编号', 'SMS and WeChat templates need the provider template ID'),
  smsTooLong: t('短信模板内容不能超过500个字', 'An SMS template holds at most 500 characters'),
  optOutRequired: t('营销类短信须包含退订方式', 'Marketing messages must say how to opt out'),
  variableUndeclared: t('模板变量 ${{name}} 未定义', 'Template variable ${{name}} is not declared'),
  variablesFormat: t('变量说明须为 JSON 数组，每项含 name 和 label', 'Variables must be a JSON array of items with name and label'),
  textVersionTaken: t('该编码下已存在此版本', 'This code already has this version'),
  versionFormat: t('版本号格式应为 1、1.0 或 v1.0.1', 'A version looks like 1, 1.0 or v1.0.1'),
  textAccepted: t('已有登记同意此版本，不能修改，请新建版本', 'Registrations accepted this version: it cannot change. Create a new version'),
} as const;
