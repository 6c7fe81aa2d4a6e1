import { defineEntity } from '../../entity.js';
import { integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** OAuth clients: the applications allowed to ask for tokens. */
export const clientEntity = defineEntity({
  name: 'client',
  label: t('应用', 'OAuth client'),
  table: 'blade_client',
  scope: 'platform',
  permission: 'client',
  api: { base: '/blade-system/client' },
  fields: {
    clientId: text(t('应用ID', 'Client ID'), { required: true, max: 48, list: true, search: 'like' }),
    clientSecret: text(t('应用密钥', 'Client secret'), { required: true, max: 256 }),
    resourceIds: text(t('资源集合', 'Resources'), { max: 256 }),
    scope: text(t('授权范围', 'Scope'), { required: true, max: 256, list: true }),
    authorizedGrantTypes: text(t('授权类型', 'Grant types'), { required: true, max: 256, list: true }),
    webServerRedirectUri: text(t('回调地址', 'Redirect URI'), { max: 256 }),
    authorities: text(t('权限', 'Authorities'), { max: 256 }),
    accessTokenValidity: integer(t('令牌过期秒数', 'Access token seconds'), { required: true, min: 60, list: true }),
    refreshTokenValidity: integer(t('刷新令牌过期秒数', 'Refresh token seconds'), { required: true, min: 60, list: true }),
    additionalInformation: text(t('附加说明', 'Additional information'), { max: 4096 }),
    autoapprove: text(t('自动授权', 'Auto-approve'), { max: 256 }),
  },
  unique: [{ fields: ['clientId'], message: t('应用ID已存在', 'This client ID already exists') }],
  titleField: 'clientId',
});
