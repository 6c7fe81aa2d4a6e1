import { describe, expect, it } from 'vitest';
import { answersEncrypted, canEncrypt, decryptText, encryptText, sendsEncryptedBody } from './body-crypto';

const KEY_16 = 'saber1234567890A';
const KEY_32 = 'Alumni0Crypto0Key0For0Tests01234';
const KNOWN_TEXT = '{"name":"校友","phone":"13800000000"}';
/** Made once with `openssl enc -aes-128-cbc` (and `-aes-256-cbc`), the IV the key's first 16 bytes. */
const KNOWN_16 = 'LgEpCtyoH/KMcK9wIzKsHlze87iY9kAUlthUw5EnDdpcPKv3/29EAT26XQbu1sZs';
const KNOWN_32 = 'KJGuHF8yPMk1ztvq1/AptzDKjR1EA7GXMFaNI7dBTMrG7QWSSZlHvwyuBuemfe2f';

describe('the encrypted bodies of the crypto routes (PROTOCOL 9)', () => {
  it('matches the known answers of AES-128 and AES-256, both ways', async () => {
    expect(await encryptText(KNOWN_TEXT, KEY_16)).toBe(KNOWN_16);
    expect(await encryptText(KNOWN_TEXT, KEY_32)).toBe(KNOWN_32);
    expect(await decryptText(KNOWN_16, KEY_16)).toBe(KNOWN_TEXT);
    expect(await decryptText(KNOWN_32, KEY_32)).toBe(KNOWN_TEXT);
  });

  it('round-trips a long list answer, and refuses another key', async () => {
    const text = JSON.stringify({ code: 200, success: true, data: { records: Array.from({ length: 3000 }, (_, i) => ({ id: String(i), name: `校友${i}` })) } });
    const sealed = await encryptText(text, KEY_16);
    expect(await decryptText(sealed, KEY_16)).toBe(text);
    await expect(decryptText(sealed, 'another0key01234')).rejects.toThrow();
  });

  it('knows the crypto routes from the entity definitions', () => {
    expect(sendsEncryptedBody('/blade-basicInfo/basicInfo/submit')).toBe(true);
    expect(sendsEncryptedBody('/blade-basicInfo/basicInfo/remove')).toBe(false);
    expect(sendsEncryptedBody('/blade-student/student/submit')).toBe(false);
    expect(answersEncrypted('/blade-basicInfo/basicInfo/list')).toBe(true);
    expect(answersEncrypted('/blade-basicInfo/basicInfo/detail')).toBe(true);
    expect(answersEncrypted('/blade-basicInfo/basicInfo/select')).toBe(false);
    expect(answersEncrypted('/blade-registInfo/registInfo/detail/123')).toBe(true);
    expect(answersEncrypted('/blade-student/student/list')).toBe(false);
  });

  it('encrypts only with a key and WebCrypto', () => {
    expect(canEncrypt(KEY_16)).toBe(true);
    expect(canEncrypt(null)).toBe(false);
  });
});
