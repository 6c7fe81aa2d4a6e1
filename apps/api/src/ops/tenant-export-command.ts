import path from 'node:path';
import { buildApp } from '../app.js';
import { configOrExit } from '../process-entry.js';
import { exportTenant, TransferError } from './tenant-transfer.js';

/**
 * `npm run tenant-export -- <tenant id> [<folder>]`: one tenant's rows and stored files, portable to
 * another installation on either database (docs/operations.md "Moving one school"). The folder
 * defaults to `DATA_DIR/exports/tenant-<id>-<time>`; it holds personal data in clear.
 */
async function main(): Promise<void> {
  const [tenantId, folderArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!tenantId || !/^\d{6}$/.test(tenantId)) {
    console.error('Usage: npm run tenant-export -- <tenant id, six digits> [<folder>]');
    process.exit(2);
  }
  const config = configOrExit();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const folder = path.resolve(folderArg ?? path.join(config.dataDir, 'exports', `tenant-${tenantId}-${stamp}`));
  const { app } = await buildApp({ ...config, seedDemo: false });
  try {
    const s = app.services;
    const manifest = await exportTenant(s.database, s.sealing, config.dataDir, tenantId, folder);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`Tenant ${tenantId} (${manifest.tenantName}): ${rows} rows of ${Object.keys(manifest.tables).length} tables and ${manifest.files} files written to ${folder}`);
    console.log('The export holds personal data in clear: keep it as safely as a backup, and delete it once imported.');
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof TransferError ? `Export failed: ${err.message}` : err);
  process.exit(1);
});
