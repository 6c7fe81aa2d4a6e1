import { logUsualEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** The usual log: read-only, searched by time range, user and path. */
export default function UsualLogPage() {
  return <EntityPage entity={logUsualEntity} dialogWidth={880} />;
}
