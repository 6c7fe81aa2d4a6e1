import { createHash, createHmac } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  action: string;
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
  contentType: string;
}

/**
 * Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) of a JSON POST to `/`, signing the
 * content-type, host and x-tc-action headers. Answers the Authorization header.
 */
export function tc3Authorization(r: Tc3Request): string {
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${r.contentType}\nhost:${r.host}\nx-tc-action:${r.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(r.payload)].join('\n');
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${r.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(r.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
