import { cryptoPaths, isCryptoPath, routedEntities } from '@alumni/domain';

/**
 * Encrypted bodies and answers of the crypto routes (PROTOCOL 9), with WebCrypto: AES-CBC (which
 * pads PKCS#7 itself), the key the UTF-8 bytes of the server's API_CRYPTO_KEY, the IV the key's
 * first 16 bytes, the text Base64 — what the stock client makes with crypto-js. The HTTP layer
 * loads this module with the first signed-in call, so the sign-in page never downloads it.
 */

const BODIES = routedEntities().flatMap((entity) => cryptoPaths(entity).bodies);
const ANSWERS = routedEntities().flatMap((entity) => cryptoPaths(entity).answers);

/** Whether the call at `path` (under /api, without its query) sends its body encrypted. */
export const sendsEncryptedBody = (path: string): boolean => BODIES.includes(path);

/** Whether the call at `path` (under /api, without its query) is answered encrypted. */
export const answersEncrypted = (path: string): boolean => isCryptoPath(ANSWERS, path);

/**
 * WebCrypto exists only in secure contexts (https, or http on localhost). Elsewhere, or without a
 * key, the client sends plain JSON bodies (the server accepts them) and asks for plain answers.
 */
export const canEncrypt = (key: string | null): key is string => !!key && !!globalThis.crypto?.subtle;

const keys = new Map<string, Promise<{ key: CryptoKey; iv: Uint8Array<ArrayBuffer> }>>();

function cipherOf(key: string) {
  let cipher = keys.get(key);
  if (!cipher) {
    const bytes = new TextEncoder().encode(key);
    if (bytes.length !== 16 && bytes.length !== 32) throw new Error('the crypto key must be 16 or 32 bytes');
    cipher = crypto.subtle.importKey('raw', bytes, { name: 'AES-CBC' }, false, ['encrypt', 'decrypt'])
      .then((imported) => ({ key: imported, iv: bytes.slice(0, 16) }));
    keys.set(key, cipher);
  }
  return cipher;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call per byte would be slow, one call for all of a long list overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The Base64 text of `text` encrypted with `key`. */
export async function encryptText(text: string, key: string): Promise<string> {
  const c = await cipherOf(key);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: c.iv }, c.key, new TextEncoder().encode(text));
  return toBase64(new Uint8Array(sealed));
}

/** The text encrypted in `base64` with `key`; rejects when it is not such a text. */
export async function decryptText(base64: string, key: string): Promise<string> {
  const c = await cipherOf(key);
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: c.iv }, c.key, fromBase64(base64));
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}
