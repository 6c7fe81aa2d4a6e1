import { specialityEntity } from '@alumni/domain';
import { ExaminePage } from '../../entity/examine/ExaminePage';

export default function SpecialityExaminePage() {
  return <ExaminePage entity={specialityEntity} />;
}
