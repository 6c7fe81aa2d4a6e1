import { fk, integer } from '../../fields.js';
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
