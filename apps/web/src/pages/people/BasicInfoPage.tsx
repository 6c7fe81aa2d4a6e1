import { basicInfoEntity, studentStatusEntity } from '@alumni/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { ConsentLogTable, type ConsentLogRow } from './ConsentLogTable';
import { RegistrationHistory, type AlumnusRegistration } from './RegistrationHistory';

/** The study-record fields filled when an alumnus is added (later records are kept in 学籍管理). */
const FIRST_STUDY = [
  'departmentId', 'specialityId', 'educationLevel', 'degree', 'studyForm', 'enrollmentYear', 'graduationYear', 'className',
  'graduationStatus', 'studentNo',
] as const;

/** Below the record in its view: the registrations with their examinations, and the consent log. */
const history = (row: Record<string, unknown>) => (
  <>
    <RegistrationHistory registrations={row.registInfos as AlumnusRegistration[] | undefined} />
    <ConsentLogTable logs={row.consentLogs as ConsentLogRow[] | undefined} />
  </>
);

/**
 * 校友基础信息库 (DOMAIN 4.3): the alumni records; an alumnus is added with its first study record,
 * and viewed with the registrations that made or updated it and its consent log.
 */
export default function BasicInfoPage() {
  const { t } = useTranslation();
  const related = useMemo(() => ({ entity: studentStatusEntity, fields: FIRST_STUDY, title: t('people.firstStudy'), key: 'studentStatuses' }), [t]);
  return <EntityPage entity={basicInfoEntity} dialogWidth={1000} addRelated={related} viewExtra={history} />;
}
