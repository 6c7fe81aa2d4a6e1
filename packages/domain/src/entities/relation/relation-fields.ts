import { files, fk, type FileSpec, type OptionSource } from '../../fields.js';
import { t, type Text } from '../../text.js';

/** An alumnus picked from the basic-info library by name, code, phone or ID number (as study records pick one). */
export const alumnusPick = (label: Text, o: { required?: boolean; form?: 'create-only' | 'edit'; list?: boolean } = {}) => fk(label, {
  ref: 'basicInfo', list: o.list ?? true, width: 120, required: o.required, form: o.form ?? 'edit',
  importBy: { field: 'alumniCode', label: t('校友编号', 'Alumni code') },
  options: ALUMNI_SOURCE,
});

/** Where alumni are searched by name, code, phone or ID number (what a person types goes in `keyword`). */
export const ALUMNI_SOURCE = { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' } as const satisfies OptionSource;

/** An activity picked by its title, searched on the server (newest first). */
export const activityPick = (label: Text, o: { required?: boolean; list?: boolean; form?: 'create-only' | 'edit'; search?: 'equal'; width?: number } = {}) => fk(label, {
  ref: 'activity', width: 160, ...o,
  options: { url: '/blade-activity/activity/select', shape: 'list', labelKey: 'title', valueKey: 'id', search: 'title' },
});

/** A survey picked by its title. */
export const surveyPick = (label: Text, o: { required?: boolean; list?: boolean; form?: 'create-only' | 'edit' | 'readonly'; search?: 'equal'; width?: number } = {}) => fk(label, {
  ref: 'questionnaireSurvey', ...o,
  options: { url: '/blade-questionnaireSurvey/questionnaireSurvey/select', shape: 'list', labelKey: 'title', valueKey: 'id' },
});

/** An association picked from the association tree (those not dissolved). */
export const associationPick = (label: Text, o: { required?: boolean; list?: boolean; form?: 'create-only' | 'edit'; search?: 'equal' } = {}) => fk(label, {
  ref: 'association', width: 140, ...o,
  options: { url: '/blade-association/association/tree', shape: 'tree', labelKey: 'title', valueKey: 'value' },
});

/**
 * Uploaded pictures or files (DOMAIN 1.3 image list / file list): the JSON array
 * `[{link, name, attachId, size}]` as text, at most `max` of them.
 */
export const fileList = (label: Text, max: number, accept: FileSpec['accept'] = 'file') => files(label, { accept, max, maxMb: accept === 'image' ? 5 : 10 });

export const RELATION_MSG = {
  notLaterThanToday: t('{label}不能晚于今天', '{label} cannot be later than today'),
  notBeforeToday: t('{label}不能早于今天', '{label} cannot be earlier than today'),
  tooManyFiles: t('{label}最多{max}个', '{label}: at most {max}'),
  badFileList: t('{label}格式不正确', '{label} is not a valid list of files'),
  alumnusMissing: t('所选校友不存在', 'The alumnus does not exist'),
} as const;
