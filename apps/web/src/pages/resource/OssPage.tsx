import { ossEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';
import { EnableAction } from './EnableAction';

export default function OssPage() {
  return <EntityPage entity={ossEntity} dialogWidth={760} rowActions={(row) => <EnableAction entity={ossEntity} row={row} />} />;
}
