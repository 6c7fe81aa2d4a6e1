import { isIP } from 'node:net';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { md5Hex, verifyPassword } from '../auth/password.js';
import { DEMO_ACCOUNTS } from '../seed/demo-seed.js';
import { DEMO_PASSWORD } from '../seed/platform-seed.js';

/** Whether the server listens on this machine only (then a published password reaches nobody else). */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || /^::ffff:127\./.test(name);
  return false;
}

/** `tenant/account` of every account the demo school is seeded with that still signs in with the published password. */
export async function accountsOnDemoPassword(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('blade_user').select(['tenant_id', 'account', 'password'])
    .where('account', 'in', ['admin', ...DEMO_ACCOUNTS]).where('is_deleted', '=', 0).execute();
  const demo = md5Hex(DEMO_PASSWORD);
  const found: string[] = [];
  for (const row of rows) {
    if ((await verifyPassword(row.password as string | null, demo)).ok) found.push(`${row.tenant_id}/${row.account}`);
  }
  return found.sort();
}

export type DemoPasswordVerdict =
  | { kind: 'ok' }
  | { kind: 'warn' | 'refuse'; accounts: string[]; message: string };

/**
 * Whether the server may start listening: a production installation (`config.deployment`) that
 * listens beyond loopback refuses while a demo account keeps the published password; the README's
 * first command (no declaration) and a declared demo start with a warning.
 */
export async function demoPasswordVerdict(config: Config, database: Database): Promise<DemoPasswordVerdict> {
  if (isLoopbackHost(config.host)) return { kind: 'ok' };
  const accounts = await accountsOnDemoPassword(database);
  if (accounts.length === 0) return { kind: 'ok' };
  const list = accounts.join(', ');
  if (config.deployment === 'production') {
    return {
      kind: 'refuse', accounts,
      message: [
        `Refusing to start: HOST=${config.host} is reachable from other machines and these accounts still have the`,
        `published demo password ${DEMO_PASSWORD}: ${list}.`,
        'Change their passwords first (start once with HOST=127.0.0.1 and sign in), or start on a database',
        'without demo data (an empty one, SEED_DEMO=false), or declare a demo installation with DEMO=true.',
        '拒绝启动：服务监听在其他机器可访问的地址上，而以上账号仍使用公开的演示密码。请先修改这些账号的密码，',
        '或使用不含演示数据的数据库，或以 DEMO=true 声明这是演示安装。',
      ].join('\n'),
    };
  }
  return {
    kind: 'warn', accounts,
    message: [
      `WARNING: listening on ${config.host} (reachable from other machines) while these accounts have the published`,
      `demo password ${DEMO_PASSWORD}: ${list}. This is a demo installation; for real use see the README's`,
      '"Production" section (HOST=127.0.0.1 behind a proxy, SEED_DEMO=false on an empty database).',
      '警告：演示账号使用公开密码且服务对外监听，仅供演示；正式使用请参阅 README 的 “Production” 一节。',
    ].join('\n'),
  };
}
