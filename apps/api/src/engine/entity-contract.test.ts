import { entityContract } from '../test-support/entity-contract-suite.js';

// The entity contract on SQLite; PostgreSQL's half is entity-contract-postgres.test.ts.
entityContract('sqlite');
