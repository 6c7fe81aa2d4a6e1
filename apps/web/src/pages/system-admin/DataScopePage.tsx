import { dataScopeEntity } from '@alumni/domain';
import { ScopeManager } from './ScopeManager';

/** 数据权限: the data scopes of each menu. */
export default function DataScopePage() {
  return <ScopeManager entity={dataScopeEntity} titleKey="admin.dataScopesOf" labelKey="admin.grantDataScopes" />;
}
