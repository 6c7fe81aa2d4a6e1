import { buildApp } from '../app.js';
import { configOrExit } from '../process-entry.js';
import { importTenant, TransferError } from './tenant-transfer.js';

/**
 * `npm run tenant-import -- <export folder>`: adds the exported tenant to this installation
 * (`DATA_DIR`, `DATABASE_URL`), which must not hold it; all rows or none.
 */
async function main(): Promise<void> {
  const folder = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('Usage: npm run tenant-import -- <export folder>');
    process.exit(2);
  }
  const config = configOrExit();
  const { app } = await buildApp(config);
  try {
    const s = app.services;
    const result = await importTenant(s.database, s.sealing, s.identityKeys, config.dataDir, folder);
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    console.log(`Tenant ${result.tenantId}: ${rows} rows of ${Object.keys(result.tables).length} tables and ${result.files} files imported`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof TransferError ? `Import failed: ${err.message}` : err);
  process.exit(1);
});
