import { studentEntity } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { filterOf } from './personal-access-log.js';

describe('the filter an access event keeps (decision 303)', () => {
  it('keeps coded values and hides sensitive and free-text ones', () => {
    const kept = filterOf(studentEntity, {
      current: 2, size: 20, phone: '13812345678', idCardNo_like: '1101', name_like: '张', studentNo: 'S2021001',
      departmentId: '1900000000000010001', gender: '1', enrollmentYear: '2021', createTime_datege: '2026-01-01', birthday: '1999-03-15', empty: '',
    });
    expect(JSON.parse(kept!)).toEqual({
      phone: '*', idCardNo_like: '*', name_like: '*', studentNo: '*', birthday: '*',
      departmentId: '1900000000000010001', gender: '1', enrollmentYear: '2021', createTime_datege: '2026-01-01',
    });
    for (const value of ['13812345678', '1101', '张', 'S2021001', '1999-03-15']) expect(kept).not.toContain(value);
  });

  it('keeps nothing of paging alone, and hides a parameter it does not know', () => {
    expect(filterOf(studentEntity, { current: 1, size: 10 })).toBeNull();
    expect(filterOf(studentEntity, { anything: 'x' })).toBe('{"anything":"*"}');
    expect(filterOf(null, null)).toBeNull();
  });
});
