import { postEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

export default function PostPage() {
  return <EntityPage entity={postEntity} dialogWidth={760} />;
}
