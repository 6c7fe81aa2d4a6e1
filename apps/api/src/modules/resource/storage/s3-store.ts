import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

/** MinIO, Alibaba OSS, Tencent COS and Qiniu through their S3-compatible endpoints. */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
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

  async put(key: string, file: ReceivedFile): Promise<void> {
    await this.client.send(new PutObjectCommand({
      Bucket: this.settings.bucket, Key: key, Body: createReadStream(file.path), ContentLength: file.size, ContentType: file.contentType,
    }));
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? null };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
