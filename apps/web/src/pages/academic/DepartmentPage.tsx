import { departmentEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { useOpenRoute } from '../../layout/use-open-route';

/** Departments, current and historical; 专业 opens the specialities of a department. */
export default function DepartmentPage() {
  const { t } = useTranslation();
  const open = useOpenRoute();
  return (
    <EntityPage
      entity={departmentEntity}
      dialogWidth={880}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => open(`/academic/speciality?departmentId=${row.id}`)}>
          {t('academic.specialities')}
        </Button>
      )}
    />
  );
}
