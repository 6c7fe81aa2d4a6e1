import { careListEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** 关怀名单 (DOMAIN 5.3): alumni the school looks after, followed until the entry is closed. */
export default function CareListPage() {
  return <EntityPage entity={careListEntity} dialogWidth={880} />;
}
