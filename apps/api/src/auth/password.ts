import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords arrive as the lower-case hex MD5 of what the person typed (the protocol's rule); that
 * string is the secret. It is stored only as a salted scrypt hash: `scrypt$N$r$p$salt$hash`.
 * Rows imported from older installations may hold sha1(md5) and are re-hashed on first sign-in.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(md5Hex: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(md5Hex.toLowerCase(), salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export interface PasswordCheck {
  ok: boolean;
  /** A stronger hash to store when the stored one is of an older kind. */
  rehash: boolean;
}

export async function verifyPassword(stored: string | null, md5Hex: string): Promise<PasswordCheck> {
  if (!stored) return { ok: false, rehash: false };
  const secret = md5Hex.toLowerCase();
  const parts = stored.split('$');
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
    const expected = Buffer.from(hash, 'base64');
    const key = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
    return { ok: key.length === expected.length && timingSafeEqual(key, expected), rehash: Number(n) < N };
  }
  if (/^[0-9a-f]{40}$/i.test(stored)) {
    const legacy = createHash('sha1').update(secret).digest();
    return { ok: timingSafeEqual(legacy, Buffer.from(stored, 'hex')), rehash: true };
  }
  return { ok: false, rehash: false };
}

export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** Whether a value has the form of the client's MD5 hex. */
export const isMd5Hex = (value: string): boolean => /^[0-9a-fA-F]{32}$/.test(value);
