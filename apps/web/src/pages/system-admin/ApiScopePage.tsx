import { apiScopeEntity } from '@alumni/domain';
import { ScopeManager } from './ScopeManager';

/** 接口权限: the API scopes of each menu. */
export default function ApiScopePage() {
  return <ScopeManager entity={apiScopeEntity} titleKey="admin.apiScopesOf" labelKey="admin.grantApiScopes" />;
}
