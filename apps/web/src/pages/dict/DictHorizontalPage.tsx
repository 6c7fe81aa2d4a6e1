import { dictEntity } from '@alumni/domain';
import { DictManager } from './DictManager';

export default function DictHorizontalPage() {
  return <DictManager entity={dictEntity} layout="horizontal" />;
}
