import { specialityEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';
import { ByDepartmentLayout } from './ByDepartmentLayout';

/** Specialities by department: the approved departments beside the list filter it. */
export default function SpecialityPage() {
  return (
    <ByDepartmentLayout>
      {(departmentId) => (
        <EntityPage entity={specialityEntity} extraParams={departmentId ? { departmentId } : undefined}
          presetValues={departmentId ? { departmentId } : {}} dialogWidth={880} />
      )}
    </ByDepartmentLayout>
  );
}
