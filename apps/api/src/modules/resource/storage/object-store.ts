import type { Readable } from 'node:stream';

/** A file received into the data folder's temporary area, ready to be stored. */
export interface ReceivedFile {
  path: string;
  size: number;
  contentType: string;
}

export interface StoredObject {
  stream: Readable;
  size: number | null;
}

/** Where uploaded files live: the local folder or an S3-compatible service, behind one interface. */
export interface ObjectStore {
  put(key: string, file: ReceivedFile): Promise<void>;
  /** The object, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
}

/**
 * Keys the server gives objects: `<tenant>/<yyyyMMdd>/<uuid>.<ext>`. Nothing of the client's file
 * name reaches the key, and a key that does not match is never read or deleted.
 */
export const OBJECT_KEY = /^([A-Za-z0-9_-]{1,12})\/(\d{8})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{1,10})$/;

export const tenantOfKey = (key: string): string | null => OBJECT_KEY.exec(key)?.[1] ?? null;
