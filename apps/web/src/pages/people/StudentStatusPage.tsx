import { studentStatusEntity } from '@alumni/domain';
import { ExaminePage } from '../../entity/examine/ExaminePage';

/** 学籍管理 (DOMAIN 4.4.4): the study records by examination state, with batch approval. */
export default function StudentStatusPage() {
  return <ExaminePage entity={studentStatusEntity} />;
}
