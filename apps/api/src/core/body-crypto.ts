import { createCipheriv, createDecipheriv } from 'node:crypto';
import { cryptoPaths, routedEntities, t } from '@alumni/domain';
import type { FastifyReply } from 'fastify';

/**
 * Encrypted bodies and answers (PROTOCOL 9), as the stock BladeX client makes them with crypto-js:
 * AES-CBC with PKCS#7 padding, the key the UTF-8 bytes of the configured `API_CRYPTO_KEY` (16 or
 * 32 letters or digits: AES-128 or AES-256), the IV the key's first 16 bytes, the text Base64.
 * This hides payloads from casual inspection only; TLS and the at-rest encryption protect them.
 */

export const CRYPTO_MSG = {
  badBody: t('请求内容无法解密，请检查加密密钥', 'The request body could not be decrypted; check the encryption key'),
};

/**
 * A request header by which a client that cannot decrypt (a page outside a secure context, where
 * the browser offers no WebCrypto) asks for the declared answers in plain JSON.
 */
export const PLAIN_ANSWER_HEADER = 'blade-crypto';
export const PLAIN_ANSWER_VALUE = 'plain';

function cipherOf(key: string): { algorithm: string; key: Buffer; iv: Buffer } {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 16 && bytes.length !== 32) throw new Error('the crypto key must be 16 or 32 bytes');
  return { algorithm: `aes-${bytes.length * 8}-cbc`, key: bytes, iv: bytes.subarray(0, 16) };
}

/** The Base64 text of `text` encrypted with `key`. */
export function encryptText(text: string, key: string): string {
  const c = cipherOf(key);
  const cipher = createCipheriv(c.algorithm, c.key, c.iv);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/** The text encrypted in `base64` with `key`; throws when it is not such a text. */
export function decryptText(base64: string, key: string): string {
  const compact = base64.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0) throw new Error('not Base64');
  const data = Buffer.from(compact, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) throw new Error('not whole AES blocks');
  const c = cipherOf(key);
  const decipher = createDecipheriv(c.algorithm, c.key, c.iv);
  const plain = Buffer.concat([decipher.update(data), decipher.final()]);
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

/** The value of an encrypted JSON body; throws when it does not decrypt or parse. */
export const decryptJson = (base64: string, key: string): unknown => JSON.parse(decryptText(base64, key));

/** Whether the request asked for the declared answers in plain JSON (see PLAIN_ANSWER_HEADER). */
export const wantsPlainAnswer = (headers: Record<string, string | string[] | undefined>): boolean =>
  String(headers[PLAIN_ANSWER_HEADER] ?? '').trim().toLowerCase() === PLAIN_ANSWER_VALUE;

/**
 * Sends an envelope as an encrypted answer: the Base64 of its JSON text, as `text/plain`. Only
 * successful answers are encrypted; failures (thrown) stay plain JSON envelopes.
 */
export function sendEncrypted(reply: FastifyReply, envelope: unknown, key: string): FastifyReply {
  if (wantsPlainAnswer(reply.request.headers)) return reply.send(envelope);
  return reply.type('text/plain; charset=utf-8').send(encryptText(JSON.stringify(envelope), key));
}

/** The paths (under /api) whose answers are encrypted, matched with `isCryptoPath`. */
export function cryptoAnswerPaths(): string[] {
  return routedEntities().flatMap((entity) => cryptoPaths(entity).answers);
}
