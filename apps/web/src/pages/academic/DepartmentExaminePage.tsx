import { departmentEntity } from '@alumni/domain';
import { ExaminePage } from '../../entity/examine/ExaminePage';

export default function DepartmentExaminePage() {
  return <ExaminePage entity={departmentEntity} />;
}
