import { honorEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** 荣誉管理 (DOMAIN 5.2): honours of alumni; a school honour or one of level 1–3 marks a key alumnus. */
export default function HonorPage() {
  return <EntityPage entity={honorEntity} dialogWidth={880} />;
}
