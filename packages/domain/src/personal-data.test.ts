import { describe, expect, it } from 'vitest';
import { isResidentIdNumber, maskPersonalData, maskPersonalField, maskPersonalText, personalDataKeys } from './personal-data.js';

const ID = '110108197611118029';

describe('personal data outside its sealed column', () => {
  it('knows the personal-data keys from the definitions, their columns and the usual aliases', () => {
    const keys = personalDataKeys();
    expect(keys.get('idCardNo')).toEqual(['idCard']);
    expect(keys.get('id_card_no')).toEqual(['idCard']);
    expect(keys.get('phone')).toEqual(['phone']);
    expect(keys.get('email')).toEqual(['email']);
    expect(keys.get('mobile')).toEqual(['phone']);
    expect(keys.has('name')).toBe(false);
  });

  it('finds ID numbers, mobiles and e-mail addresses inside text by their shape, and leaves other numbers alone', () => {
    expect(isResidentIdNumber(ID)).toBe(true);
    expect(isResidentIdNumber('110108197611118028')).toBe(false);
    expect(maskPersonalText(`证件 ${ID}，电话 13812345678 / +86 138-1234-5678，邮箱 zhang.san@example.com`))
      .toBe('证件 1101**********8029，电话 138****5678 / +86 138****5678，邮箱 z***@example.com');
    // Record ids (19 digits), millisecond times (13) and an 18-digit number with a wrong check digit stay as they are.
    expect(maskPersonalText('id 1900000000000219999 at 1733480000000 and 110108197611118028')).toBe('id 1900000000000219999 at 1733480000000 and 110108197611118028');
  });

  it('masks values under personal-data keys by kind, whatever their shape, and text anywhere else', () => {
    const input = { idCardNo: 'e12345678', phone: '+1 415 555 0100', phone_equal: '13812345678', list: [{ email: 'a@b.cn' }], remark: `call 13812345678`, password: 'x' };
    expect(maskPersonalData(input)).toEqual({
      idCardNo: 'e123*5678', phone: '***********0100', phone_equal: '138****5678', list: [{ email: 'a***@b.cn' }], remark: 'call 138****5678', password: 'x',
    });
    expect(input.phone).toBe('+1 415 555 0100');
    expect(maskPersonalField('email', 'zhang@example.com')).toBe('z***@example.com');
    expect(maskPersonalField('company', '某公司')).toBe('某公司');
  });
});
