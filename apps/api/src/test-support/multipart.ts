import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, as a browser's upload sends it. */
export function multipartFile(fileName: string, content: Buffer | string, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----alumni${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
