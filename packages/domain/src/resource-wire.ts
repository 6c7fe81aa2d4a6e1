import { t } from './text.js';

/** Calls of the resource module beside the standard entity calls (all under /api). */
export const RESOURCE_PATHS = {
  putFile: '/blade-resource/oss/endpoint/put-file',
  getFile: '/blade-resource/oss/endpoint/get-file',
  /** Signs stored file links for the caller (body `{links}`), answering `FileLinksResult`. */
  fileLinks: '/blade-resource/oss/endpoint/file-links',
  ossEnable: '/blade-resource/oss/enable',
  smsEnable: '/blade-resource/sms/enable',
  sendMessage: '/blade-resource/sms/endpoint/send-message',
  sendRecords: '/blade-resource/send-record/list',
  emailTest: '/blade-emailSetting/emailSetting/test',
} as const;

/**
 * The query parameters of a short-lived signed file link (decision 238): `<img src>` cannot send the
 * token header, so the API signs a stored link for the signed-in user instead of the token riding in
 * the URL. A leaked link carries no token and stops working within minutes.
 */
export const FILE_LINK_PARAMS = { expires: 'expires', tenant: 'tenant', user: 'user', signature: 'signature' } as const;

/** The answer of `fileLinks`: each asked link with its signed address, and how long they live (seconds). */
export interface FileLinksResult {
  links: Record<string, string>;
  expiresIn: number;
}

/** The query parameter asking the file download to save the file (`attachment`) even where a browser could show it. */
export const FILE_DOWNLOAD_PARAM = 'download';

/** A file address that downloads the file instead of showing it. */
export const downloadUrl = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}${FILE_DOWNLOAD_PARAM}=1`;

/** Whether a stored link is a file of the object storage download, which a signature opens. */
export const isStoredFileLink = (link: string): boolean => link.includes(`/api${RESOURCE_PATHS.getFile}?`);

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
