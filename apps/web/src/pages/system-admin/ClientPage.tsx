import { clientEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function ClientPage() {
  return <EntityPage entity={clientEntity} dialogWidth={760} />;
}
