import { textEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** Versioned texts 文本管理 (DOMAIN 8.7): agreements, policies and guides shown to alumni. */
export default function TextPage() {
  return <EntityPage entity={textEntity} dialogWidth={880} />;
}
