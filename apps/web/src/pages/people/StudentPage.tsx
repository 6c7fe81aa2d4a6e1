import { permissionCodes, studentEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../../entity/EntityFormModal';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { useEntityWrites } from '../../entity/use-entity-writes';
import { useMenuStore } from '../../stores/menu-store';
import { ByDepartmentLayout } from '../academic/ByDepartmentLayout';

const STATUS_FIELDS = ['studyStatus', 'graduationYear'] as const;

/** The roster 学生名册 (DOMAIN 4.1): by department, with import, export and the change of study status. */
export default function StudentPage() {
  const { t } = useTranslation();
  const canEdit = useMenuStore((s) => !!s.buttons[permissionCodes(studentEntity).edit]);
  const writes = useEntityWrites(studentEntity);
  const [changing, setChanging] = useState<Row | null>(null);

  const onSubmit = async (values: Record<string, unknown>) => {
    const errors = await writes.submit({ id: changing?.id, ...values }, 'update');
    if (errors === null) setChanging(null);
    else return errors;
  };

  return (
    <>
      <ByDepartmentLayout>
        {(departmentId) => (
          <EntityPage
            entity={studentEntity}
            extraParams={departmentId ? { departmentId } : undefined}
            presetValues={departmentId ? { departmentId } : {}}
            dialogWidth={920}
            rowActions={canEdit ? (row) => (
              <Button type="link" size="small" onClick={() => setChanging(row)}>{t('people.changeStatus')}</Button>
            ) : undefined}
          />
        )}
      </ByDepartmentLayout>
      <EntityFormModal
        entity={studentEntity}
        mode="edit"
        open={changing !== null}
        initial={changing ?? {}}
        only={STATUS_FIELDS}
        title={t('people.changeStatus')}
        width={560}
        saving={writes.saving}
        onSubmit={onSubmit}
        onClose={() => setChanging(null)}
      />
    </>
  );
}
