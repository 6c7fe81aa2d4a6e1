import { logApiEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** The api log: read-only, searched by time range, user and path. */
export default function ApiLogPage() {
  return <EntityPage entity={logApiEntity} dialogWidth={880} />;
}
