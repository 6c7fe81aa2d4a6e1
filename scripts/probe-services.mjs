// Prints `export NAME=value` lines for the test services that answer on this machine
// (PostgreSQL database `test` with trust auth, Redis, MySQL/MariaDB database `test` as root with an
// empty password), unless already configured.
import net from 'node:net';

const candidates = [
  ['TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test', 5432],
  ['TEST_REDIS_URL', 'redis://127.0.0.1:6379', 6379],
  ['TEST_MYSQL_URL', 'mysql://root@127.0.0.1:3306/test', 3306],
];

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
    socket.once('error', () => resolve(false));
  });
}

async function postgresWorks(url) {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.query('select 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function mysqlWorks(url) {
  try {
    const { default: mysql } = await import('mysql2/promise');
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 3000 });
    await connection.query('select 1');
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

for (const [name, url, port] of candidates) {
  if (process.env[name]) continue;
  if (!(await answers(port))) continue;
  if (name === 'TEST_DATABASE_URL' && !(await postgresWorks(url))) continue;
  if (name === 'TEST_MYSQL_URL' && !(await mysqlWorks(url))) continue;
  console.log(`export ${name}=${url}`);
}
