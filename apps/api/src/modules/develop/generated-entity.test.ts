import { generatedEntityContract } from '../../test-support/generated-entity-contract.js';

// The generated entity on SQLite; PostgreSQL's half is generated-entity-postgres.test.ts.
await generatedEntityContract('sqlite');
