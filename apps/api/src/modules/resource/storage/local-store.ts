import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore, ReceivedFile, StoredObject } from './object-store.js';

/** Files under `<root>/<tenant>/<day>/<uuid>.<ext>` (root = DATA_DIR/files). */
export class LocalStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('object key leaves the storage folder');
    return full;
  }

  async put(key: string, file: ReceivedFile): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // The temporary file lives in the same data folder, so this is a rename, not a copy.
    await rename(file.path, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const info = await stat(target);
      return { stream: createReadStream(target), size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
