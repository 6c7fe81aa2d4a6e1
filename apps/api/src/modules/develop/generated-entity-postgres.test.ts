import { generatedEntityContract } from '../../test-support/generated-entity-contract.js';

// The generated entity on PostgreSQL (TEST_DATABASE_URL); SQLite's half is generated-entity.test.ts.
await generatedEntityContract('postgres');
