import { deptEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function DeptPage() {
  return <EntityPage entity={deptEntity} dialogWidth={760} treeLevelPath="lazy-list" />;
}
