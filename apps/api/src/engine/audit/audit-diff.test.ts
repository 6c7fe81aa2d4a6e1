import { clientEntity, emailSettingEntity, honorEntity, studentEntity } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_MAX, auditDiff, auditValue } from './audit-diff.js';

describe('the audit diff', () => {
  it('keeps only the fields an edit changed, a value and its text being the same value', () => {
    const before = { honorName: '奖', awardYear: 2020, isPublic: 0, remark: null, sort: 0, status: 1 };
    expect(auditDiff(honorEntity, before, { ...before, awardYear: '2020', remark: '', isPublic: 1 })).toEqual({ isPublic: [0, 1] });
    expect(auditDiff(honorEntity, before, { ...before, status: 0 })).toEqual({ status: [1, 0] });
  });

  it('gives a new row every field with a value and a removed one every field it held, without the enable state', () => {
    const row = { honorName: '奖', awardYear: 2020, remark: '', status: 1 };
    expect(auditDiff(honorEntity, null, row)).toEqual({ honorName: [null, '奖'], awardYear: [null, 2020] });
    expect(auditDiff(honorEntity, row, null)).toEqual({ honorName: ['奖', null], awardYear: [2020, null] });
  });

  it('masks personal data as a caller without the sensitive code reads it', () => {
    expect(auditDiff(studentEntity, { phone: '13812345678', idCardNo: '110101199003041234' }, { phone: '13987654321', idCardNo: '110101199003041234' }))
      .toEqual({ phone: ['138****5678', '139****4321'] });
    expect(auditValue(studentEntity, 'idCardNo', '110101199003041234')).toBe('1101**********1234');
    expect(auditValue(studentEntity, 'homeAddress', '学院路1号')).toBe('****');
    expect(auditValue(studentEntity, 'birthday', '1990-03-04')).toBe('1990-**-**');
  });

  it('never keeps a secret, a password, a client secret or a sealed value', () => {
    expect(auditDiff(emailSettingEntity, { password: 'old' }, { password: 'new' })).toEqual({ password: ['******', '******'] });
    expect(auditValue(clientEntity, 'clientSecret', 'saber_secret')).toBe('******');
    expect(auditValue(clientEntity, 'accessTokenValidity', 3600)).toBe(3600);
    expect(auditValue(honorEntity, 'remark', 'gcm1:k1:abcdef')).toBe('******');
    expect(auditValue(honorEntity, 'remark', '')).toBeNull();
  });

  it('cuts a long text', () => {
    const long = 'x'.repeat(AUDIT_VALUE_MAX + 10);
    expect(auditValue(honorEntity, 'description', long)).toBe(`${'x'.repeat(AUDIT_VALUE_MAX)}…`);
  });
});
