import { noticeTemplateEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** Notice templates 通知模板 (DOMAIN 8.2): one per channel and scene, with `${name}` variables. */
export default function NoticeTemplatePage() {
  return <EntityPage entity={noticeTemplateEntity} dialogWidth={880} />;
}
