import { noticeEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides } from '../../entity/field-overrides';
import { NoticeContentInput } from './notice/NoticeContentInput';

const OVERRIDES: FieldOverrides = { content: { input: NoticeContentInput } };

/** Desk notices (工作台 → 通知公告); the body is edited as rich text and sanitised by the server. */
export default function NoticePage() {
  return <EntityPage entity={noticeEntity} dialogWidth={860} fieldOverrides={OVERRIDES} />;
}
