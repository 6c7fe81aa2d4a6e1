import { paramEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function ParamPage() {
  return <EntityPage entity={paramEntity} dialogWidth={760} />;
}
