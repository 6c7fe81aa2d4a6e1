import path from 'node:path';
import { configOrExit } from '../process-entry.js';
import { BackupError, backupInstallation } from './backup.js';

/**
 * `npm run backup [-- <folder>]`: a consistent copy of the running installation (database, key
 * files, stored files) in a new timestamped folder under <folder> (`BACKUP_DIR`, else
 * `DATA_DIR/backups`); prints its path.
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const into = process.argv[2] ?? process.env.BACKUP_DIR ?? path.join(config.dataDir, 'backups');
  const started = Date.now();
  const folder = await backupInstallation(config, into);
  console.log(`Backup written to ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `Backup failed: ${err.message}` : err);
  process.exit(1);
});
