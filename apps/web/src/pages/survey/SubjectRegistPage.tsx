import { subjectRegistEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** 题目登记 (DOMAIN 9.2): the generic list of a survey's questions (the designer edits them whole). */
export default function SubjectRegistPage() {
  return <EntityPage entity={subjectRegistEntity} dialogWidth={800} />;
}
