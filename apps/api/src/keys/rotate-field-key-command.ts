import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { rotateFieldKey } from './rotate-field-key.js';

/**
 * `npm run rotate-field-key [-- --continue] [-- --retire]`: seals the personal data encrypted at rest
 * with a new key (see `rotateFieldKey`). Reads the same configuration as the server.
 */
async function main() {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig();
  const database = openDatabase(config.database.kind === 'sqlite' ? { ...config.database, readWorkers: 0 } : config.database);
  try {
    const report = await rotateFieldKey(config, database, {
      add: !args.has('--continue'),
      retire: args.has('--retire'),
      onProgress: ({ entity, sealed }) => { if (sealed % 10000 === 0) console.log(`  ${entity}: ${sealed} rows sealed again`); },
    });
    console.log(report.added ? `Added key ${report.current} to ${config.dataDir}/.field-keys and made it current.` : `Current key: ${report.current}.`);
    for (const [entity, rows] of Object.entries(report.resealed)) console.log(`  ${entity}: ${rows} rows sealed again`);
    for (const [id, values] of Object.entries(report.byKey)) console.log(`  key ${id}: ${values} values`);
    if (report.retired.length > 0) {
      console.log(config.fieldKeys.source === 'file'
        ? `Retired keys no value needs: ${report.retired.join(', ')}.`
        : `No value needs ${report.retired.join(', ')} any more: remove them from FIELD_KEYS.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
