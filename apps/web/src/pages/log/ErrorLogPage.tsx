import { logErrorEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** The error log: read-only, searched by time range, user and path. */
export default function ErrorLogPage() {
  return <EntityPage entity={logErrorEntity} dialogWidth={880} />;
}
