import { studentStatusEntity } from '@alumni/domain';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../entity/entity-api';
import { entityColumns } from '../../entity/entity-columns';
import { asLang } from '../../entity/field-text';

/** The study record columns an alumnus's view shows, as the study-record list names them. */
const COLUMNS = ['departmentId', 'specialityId', 'educationLevel', 'enrollmentYear', 'graduationYear', 'graduationStatus', 'examineStatus'] as const;

/** An alumnus's study records (学籍), oldest first, as the detail answers them in `studentStatuses`. */
export function StudyRecordsTable({ records }: { records: readonly Row[] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  return (
    <Table<Row>
      size="small"
      rowKey={(r) => String(r.id)}
      pagination={false}
      dataSource={[...(records ?? [])]}
      columns={entityColumns(studentStatusEntity, lang, t, COLUMNS)}
      aria-label={studentStatusEntity.label[lang]}
    />
  );
}
