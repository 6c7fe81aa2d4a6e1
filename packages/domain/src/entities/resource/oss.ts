import { defineEntity } from '../../entity.js';
import { dict, flag, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Categories of dictionary `oss`: 1-4 keep the meaning BladeX stores, each an S3-compatible service;
 * the product's local folder is 5.
 */
export const OSS_CATEGORY = { minio: '1', qiniu: '2', alibaba: '3', tencent: '4', local: '5' } as const;

/** Object storage configurations; exactly one per tenant is enabled and receives uploads. */
export const ossEntity = defineEntity({
  name: 'oss',
  label: t('对象存储', 'Object storage'),
  table: 'blade_oss',
  scope: 'tenant',
  permission: 'oss',
  api: { base: '/blade-resource/oss' },
  fields: {
    category: dict(t('分类', 'Category'), 'oss', { required: true, list: true, search: 'equal', default: OSS_CATEGORY.local }),
    ossCode: text(t('资源编号', 'Code'), { required: true, max: 32, list: true, search: 'like' }),
    endpoint: text(t('资源地址', 'Endpoint'), { max: 255, list: true }),
    region: text(t('区域', 'Region'), { max: 64 }),
    bucketName: text(t('空间名', 'Bucket'), { max: 255, list: true }),
    accessKey: text(t('accessKey', 'Access key'), { max: 255 }),
    secretKey: text(t('secretKey', 'Secret key'), { max: 255, secret: true }),
    enabled: flag(t('是否启用', 'Enabled'), { list: true, form: 'readonly' }),
    remark: textarea(t('备注', 'Remark'), { max: 255 }),
  },
  unique: [{ fields: ['ossCode'], message: t('资源编号已存在', 'This storage code already exists') }],
  titleField: 'ossCode',
});
