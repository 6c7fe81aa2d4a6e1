import { optionInstructionEntity } from '@alumni/domain';
import { EntityPage } from '../../entity/EntityPage';

/** 选项说明 (DOMAIN 9.3): the generic list of the options of a question, with their notes. */
export default function OptionInstructionPage() {
  return <EntityPage entity={optionInstructionEntity} />;
}
