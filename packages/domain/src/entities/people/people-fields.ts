import { dict, fk, integer, text, type OptionSource } from '../../fields.js';
import { t, type Text } from '../../text.js';

/** An approved, enabled department, picked from the department helper. */
export const departmentPick = (label: Text, o: { required?: boolean; form?: 'readonly' } = {}) => fk(label, {
  ref: 'department', list: true, search: 'equal', ...o,
  options: { url: '/blade-department/department/select', shape: 'list', labelKey: 'departmentName', valueKey: 'id' },
});

/** A speciality of the department (and level) picked in the same form. */
export const specialityPick = (label: Text, o: { required?: boolean; form?: 'readonly' } = {}) => fk(label, {
  ref: 'speciality', list: true, search: 'equal', ...o,
  options: {
    url: '/blade-speciality/speciality/select/special', shape: 'list', labelKey: 'specialityName', valueKey: 'id',
    params: { departmentId: 'departmentId', educationLevel: 'educationLevel' },
  },
});

/** Enrollment and graduation years; the graduation year is checked against the enrollment year by the server. */
export const studyYears = () => ({
  enrollmentYear: integer(t('入学年份', 'Enrollment year'), { required: true, min: 1900, max: 2100, list: true, search: 'range', width: 100 }),
  graduationYear: integer(t('毕业年份', 'Graduation year'), { min: 1900, max: 2100, list: true, search: 'range', width: 100 }),
});

/** The regions directly below the region a field of the same form names (the provinces for none). */
const regionsBelow = (parentField?: string): OptionSource => ({
  url: '/blade-system/region/lazy-tree', shape: 'list', labelKey: 'name', valueKey: 'code',
  ...(parentField ? { params: { parentCode: parentField }, paramsRequired: true } : {}),
});

/**
 * Where a person lives, by region codes (province, city, district): the alumni record's and the
 * registration's. Each is picked among the regions below the one before, and answers name them.
 */
export const regionFields = () => ({
    provinceCode: text(t('省份', 'Province'), { max: 12, search: 'equal', ref: 'region', options: regionsBelow() }),
    cityCode: text(t('城市', 'City'), { max: 12, search: 'equal', ref: 'region', options: regionsBelow('provinceCode') }),
    districtCode: text(t('区县', 'District'), { max: 12, ref: 'region', options: regionsBelow('cityCode') }),
});

/** A person's work: the alumni record's and the registration's, which a merge carries over. */
export const workFields = () => ({
    company: text(t('工作单位', 'Employer'), { max: 128, list: true, search: 'like', width: 160 }),
    companyNature: dict(t('单位性质', 'Employer type'), 'company_nature', { source: 'biz', search: 'equal' }),
    industry: dict(t('所属行业', 'Industry'), 'industry', { source: 'biz', search: 'equal' }),
    position: text(t('职务', 'Position'), { max: 64, list: true, width: 100 }),
    jobTitle: text(t('职称', 'Professional title'), { max: 64 }),
});
