import { dictEntity } from '@alumni/domain';
import { DictManager } from './DictManager';

export default function DictVerticalPage() {
  return <DictManager entity={dictEntity} layout="vertical" />;
}
