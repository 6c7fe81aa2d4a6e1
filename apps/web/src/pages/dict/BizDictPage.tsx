import { dictBizEntity } from '@alumni/domain';
import { DictManager } from './DictManager';

export default function BizDictPage() {
  return <DictManager entity={dictBizEntity} layout="vertical" />;
}
