import { dictEntity } from '@alumni/domain';
import { DictManager } from './DictManager';

export default function SystemDictPage() {
  return <DictManager entity={dictEntity} layout="vertical" />;
}
