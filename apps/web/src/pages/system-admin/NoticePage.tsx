import { noticeEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** Desk notices (工作台 → 通知公告); the body's HTML is sanitised by the server. */
export default function NoticePage() {
  return <EntityPage entity={noticeEntity} dialogWidth={860} />;
}
