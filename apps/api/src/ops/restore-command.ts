import { configOrExit } from '../process-entry.js';
import { BackupError, restoreInstallation } from './backup.js';

/**
 * `npm run restore -- <backup folder> [--force]`: brings a backup back onto this installation
 * (`DATA_DIR`, `DATABASE_URL`), which must be empty unless --force. Stop the server first.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('Usage: npm run restore -- <backup folder> [--force]');
    process.exit(2);
  }
  const config = configOrExit();
  const manifest = await restoreInstallation(config, folder, { force: args.includes('--force') });
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'}`);
  if (manifest.keysFromEnvironment.length > 0) {
    console.log(`The backed-up installation read ${manifest.keysFromEnvironment.join(', ')} from its environment: set the same values here.`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `Restore failed: ${err.message}` : err);
  process.exit(1);
});
