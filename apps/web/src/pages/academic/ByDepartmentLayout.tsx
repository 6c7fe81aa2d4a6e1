import { useQuery } from '@tanstack/react-query';
import { Card, Menu, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getData } from '../../api/http';
import './academic.css';

interface DepartmentOption {
  id: string;
  departmentName: string;
  isHistorical: number;
}

const ALL = 'all';

/**
 * A list beside the approved departments (specialities, the roster): picking one filters the list,
 * `?departmentId=` preselects it, and the content gets the department picked (or none for all).
 */
export function ByDepartmentLayout({ children }: { children: (departmentId: string | undefined) => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const departmentId = params.get('departmentId') ?? undefined;
  const departments = useQuery({
    queryKey: ['options', 'department-select'],
    queryFn: () => getData<DepartmentOption[]>('/blade-department/department/select'),
  });
  const choose = (key: string) => setParams(key === ALL ? {} : { departmentId: key }, { replace: true });

  return (
    <div className="by-department-page">
      <Card size="small" title={t('academic.departments')} className="by-department-list">
        <Menu
          data-user-data
          selectedKeys={[departmentId ?? ALL]}
          onClick={({ key }) => choose(key)}
          items={[
            { key: ALL, label: t('academic.allDepartments') },
            ...(departments.data ?? []).map((d) => ({
              key: d.id,
              label: <>{d.departmentName}{d.isHistorical === 1 && <Tag className="academic-historical">{t('academic.historical')}</Tag>}</>,
            })),
          ]}
        />
      </Card>
      <div className="by-department-content">{children(departmentId)}</div>
    </div>
  );
}
