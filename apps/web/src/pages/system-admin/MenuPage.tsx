import { menuEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function MenuPage() {
  return <EntityPage entity={menuEntity} dialogWidth={760} treeLevelPath="lazy-list" />;
}
