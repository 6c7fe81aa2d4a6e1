import { entityContract } from '../test-support/entity-contract-suite.js';

// The entity contract on PostgreSQL (TEST_DATABASE_URL); SQLite's half is entity-contract.test.ts.
entityContract('postgres');
