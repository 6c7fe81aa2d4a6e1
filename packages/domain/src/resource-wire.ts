import { t } from './text.js';

/** Calls of the resource module beside the standard entity calls (all under /api). */
export const RESOURCE_PATHS = {
  putFile: '/blade-resource/oss/endpoint/put-file',
  getFile: '/blade-resource/oss/endpoint/get-file',
  ossEnable: '/blade-resource/oss/enable',
  smsEnable: '/blade-resource/sms/enable',
  sendMessage: '/blade-resource/sms/endpoint/send-message',
  sendRecords: '/blade-resource/send-record/list',
  emailTest: '/blade-emailSetting/emailSetting/test',
} as const;

/**
 * The query parameter that carries the access token on file URLs (`<img src>` cannot send headers).
 * Only the file download accepts it.
 */
export const FILE_TOKEN_PARAM = 'blade-auth';

/** The answer of put-file (PROTOCOL 8). */
export interface PutFileResult {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
  size: number;
  extension: string;
}

/** One phone's outcome of a send-message call. */
export interface SmsSendOutcome {
  phone: string;
  ok: boolean;
  message: string;
}

export interface SmsSendResult {
  sent: number;
  failed: number;
  outcomes: SmsSendOutcome[];
}

/** The URL that shows a stored file to the holder of `token`: its link plus the token parameter. */
export function fileUrl(link: string, token: string | null | undefined): string {
  if (!link || !token || !link.includes(RESOURCE_PATHS.getFile)) return link;
  return `${link}${link.includes('?') ? '&' : '?'}${FILE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

export const RESOURCE_MSG = {
  noFile: t('请选择要上传的文件', 'Please choose a file to upload'),
  badUpload: t('上传内容格式不正确', 'The upload is not a valid multipart form'),
  uploadIncomplete: t('上传内容不完整或传输中断', 'The upload was incomplete or stalled'),
  tooLarge: t('文件大小不能超过{max}', 'The file cannot be larger than {max}'),
  badType: t('不支持的文件类型: {ext}', 'File type not allowed: {ext}'),
  storageFailed: t('文件存储失败: {reason}', 'Storing the file failed: {reason}'),
  noSmsConfig: t('未找到可用的短信配置', 'No SMS configuration is enabled'),
  noPhones: t('请输入手机号码', 'Please enter at least one mobile number'),
  badParams: t('短信参数必须是JSON对象', 'The SMS parameters must be a JSON object'),
  s3Incomplete: t('S3 兼容存储需要填写资源地址、空间名、accessKey 和 secretKey', 'S3-compatible storage needs the endpoint, bucket, access key and secret key'),
  providerIncomplete: t('该短信服务需要填写 accessKey 和 secretKey', 'This SMS provider needs an access key and a secret key'),
  smsProviderUnsupported: t('暂不支持通过{provider}发送短信,请选择阿里云、腾讯云或开发日志', 'Sending through {provider} is not supported; choose Alibaba Cloud, Tencent Cloud or the development log'),
  tencentAppId: t('腾讯云短信需要填写应用ID', 'Tencent Cloud SMS needs the SDK app ID'),
  emailTo: t('请输入收件人邮箱', 'Please enter the recipient e-mail'),
} as const;

/** What an import does with a row whose natural key exists: leave it, or change it. */
export type ImportMode = 'skip' | 'cover';

/** One refused row of an import (`field` names the column, when one is at fault). */
export interface ImportError { row: number; field?: string; message: string }

/** What an import's preview found or its commit did (`<base>/import`); a preview also answers its `importId`. */
export interface ImportResult {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: ImportError[];
  errorFileLink: string | null;
  importId?: string;
}
