import { alumniTagEntity, alumniTagGroupEntity } from '@alumni/domain';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import { asLang } from '../../entity/field-text';

/** 标签管理: a tenant's tag groups, and its tags with their colours (the alumni library tags its records with them). */
export default function AlumniTagPage() {
  const { i18n } = useTranslation();
  const lang = asLang(i18n.language);
  return (
    <>
      <EntityPage entity={alumniTagGroupEntity} buttonMenu="alumnitag" title={<h3>{alumniTagGroupEntity.label[lang]}</h3>} regionLabel={alumniTagGroupEntity.label[lang]} />
      <EntityPage entity={alumniTagEntity} keepInAddress={false} buttonMenu="alumnitag" title={<h3>{alumniTagEntity.label[lang]}</h3>} regionLabel={alumniTagEntity.label[lang]} />
    </>
  );
}
