import { tenantPackageEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function TenantPackagePage() {
  return <EntityPage entity={tenantPackageEntity} dialogWidth={760} />;
}
