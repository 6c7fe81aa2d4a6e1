import { basicInfoEntity, studentStatusEntity } from '@alumni/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { ConsentLogTable, type ConsentLogRow } from './ConsentLogTable';
import { EngagementExplained } from './EngagementExplained';
import { PortalSignInLine, type PortalSignIns } from './PortalSignInLine';
import { RegistrationHistory, type AlumnusRegistration } from './RegistrationHistory';
import { StudyRecordsTable } from './StudyRecordsTable';
import { TagCell, useTagColours } from './TagCell';
import type { Row } from '../../entity/entity-api';
import type { ViewTab } from '../../entity/EntityFormModal';
import type { TFunction } from 'i18next';

/** The study-record fields filled when an alumnus is added (later records are kept in 学籍管理). */
const FIRST_STUDY = [
  'departmentId', 'specialityId', 'educationLevel', 'degree', 'studyForm', 'enrollmentYear', 'graduationYear', 'className',
  'graduationStatus', 'studentNo',
] as const;

/** The view's tabs after the record (DOMAIN 4.3.4): study records, registrations with their examinations, portal sign-ins and consent log, the engagement score explained. */
const viewTabs = (t: TFunction) => (row: Record<string, unknown>): ViewTab[] => [
  { key: 'study', label: t('people.studyTab'), children: <StudyRecordsTable records={row.studentStatuses as Row[] | undefined} /> },
  { key: 'registrations', label: t('people.registrationsTab'), children: <RegistrationHistory registrations={row.registInfos as AlumnusRegistration[] | undefined} /> },
  {
    key: 'consent', label: t('people.consentLog'),
    children: <><PortalSignInLine signIns={row.portalSignIns as PortalSignIns | null | undefined} /><ConsentLogTable logs={row.consentLogs as ConsentLogRow[] | undefined} /></>,
  },
  { key: 'engagement', label: t('engagement.tab'), children: <EngagementExplained alumniId={String(row.id)} /> },
];

/**
 * 校友基础信息库 (DOMAIN 4.3): the alumni records; an alumnus is added with its first study record,
 * and viewed with the registrations that made or updated it and its consent log.
 */
export default function BasicInfoPage() {
  const { t } = useTranslation();
  const related = useMemo(() => ({ entity: studentStatusEntity, fields: FIRST_STUDY, title: t('people.firstStudy'), key: 'studentStatuses' }), [t]);
  const tabs = useMemo(() => viewTabs(t), [t]);
  const { data: tags } = useTagColours();
  const cellText = useMemo(() => ({ tags: (row: Row) => <TagCell value={row.tags} names={row.tagsName} tags={tags} /> }), [tags]);
  return <EntityPage entity={basicInfoEntity} dialogWidth={1000} addRelated={related} viewTabs={tabs} cellText={cellText} />;
}
