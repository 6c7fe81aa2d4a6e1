import { defineEntity } from '../../entity.js';
import { date, dict, flag, fk, text } from '../../fields.js';
import { t } from '../../text.js';
import { alumnusPick, associationPick } from './relation-fields.js';

export const MEMBER_MSG = {
  already: t('该校友已是本会成员', 'The alumnus is already a member'),
  presidentTaken: t('本会已有在任会长', 'The association already has a president in office'),
  badTerm: t('任期结束不能早于任期开始', 'The term cannot end before it starts'),
  dissolved: t('该校友会已撤销，不能添加成员', 'The association is dissolved and takes no new members'),
  associationMissing: t('所选校友会不存在', 'The association does not exist'),
  alumniIdsRequired: t('请选择校友', 'Please select the alumni'),
} as const;

/** Dictionary `association_position`: 2 会长, 4 秘书长, 10 会员. */
export const POSITION = { president: '2', secretaryGeneral: '4', member: '10' } as const;

/**
 * A member of an association 校友会成员 (DOMAIN 5.1): an alumnus of the library, a position in the
 * association and a term. Managed with the association's `association_member` button.
 */
export const associationMemberEntity = defineEntity({
  name: 'associationMember',
  label: t('校友会成员', 'Association member'),
  table: 'alumni_association_member',
  scope: 'tenant',
  permission: 'association',
  buttonCodes: { add: 'association_member', edit: 'association_member', remove: 'association_member', view: 'association_view' },
  api: { base: '/blade-association/association/member' },
  fields: {
    associationId: associationPick(t('校友会', 'Association'), { required: true, list: true, search: 'equal', form: 'create-only' }),
    alumniId: alumnusPick(t('校友', 'Alumnus'), { required: true, form: 'create-only' }),
    position: dict(t('职务', 'Position'), 'association_position', { source: 'biz', default: '10', list: true, search: 'equal', width: 100 }),
    termStart: date(t('任期开始', 'Term from'), { list: true, width: 110 }),
    termEnd: date(t('任期结束', 'Term to'), { list: true, width: 110 }),
    joinDate: date(t('入会日期', 'Joined'), { list: true, search: 'range', width: 110 }),
    isActive: flag(t('在册', 'Active'), { default: 1, list: true, search: 'equal', width: 80 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 255, wide: true }),
  },
  defaultSort: [{ field: 'position' }, { field: 'createTime' }],
  unique: [{ fields: ['associationId', 'alumniId'], message: MEMBER_MSG.already }],
});
