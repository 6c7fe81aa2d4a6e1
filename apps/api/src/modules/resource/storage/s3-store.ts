import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { OutboundGuard } from '../../../security/outbound-address.js';
import type { ObjectStore, ReceivedFile, StoredObject } from './object-store.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** MinIO and most self-hosted servers want `endpoint/bucket/key`; the cloud services `bucket.endpoint/key`. */
  pathStyle: boolean;
}

/**
 * MinIO, Alibaba OSS, Tencent COS and Qiniu through their S3-compatible endpoints. Every call checks
 * the endpoint with the outbound guard first, and the client's sockets connect only to addresses the
 * guard answered, so an endpoint on the operator's network is refused before anything is sent.
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly settings: S3Settings, private readonly guard: OutboundGuard) {
    const url = new URL(settings.endpoint);
    const lookup = guard.socketLookup(url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
    this.httpAgent = new http.Agent({ keepAlive: true, lookup });
    this.httpsAgent = new https.Agent({ keepAlive: true, lookup });
    this.client = new S3Client({
      requestHandler: { httpAgent: this.httpAgent, httpsAgent: this.httpsAgent, connectionTimeout: 10_000 },
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      forcePathStyle: settings.pathStyle,
      // Only AWS itself understands the SDK's default CRC checksums and aws-chunked bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  /** The endpoint's host, for messages. */
  get host(): string {
    return new URL(this.settings.endpoint).hostname;
  }

  /** An endpoint written as an address is not looked up by the sockets: every call checks it here. */
  private async checked(): Promise<void> {
    await this.guard.resolveUrl(this.settings.endpoint);
  }

  async put(key: string, file: ReceivedFile): Promise<void> {
    await this.checked();
    await this.client.send(new PutObjectCommand({
      Bucket: this.settings.bucket, Key: key, Body: createReadStream(file.path), ContentLength: file.size, ContentType: file.contentType,
    }));
  }

  async get(key: string): Promise<StoredObject | null> {
    await this.checked();
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? null };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.checked();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
