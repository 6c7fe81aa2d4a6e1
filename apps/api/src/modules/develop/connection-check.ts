import { CONNECT_REASON, DEVELOP_MSG, fill, type Lang, type Text } from '@alumni/domain';
import { badRequest, type AppError } from '../../core/errors.js';
import { OUTBOUND_MSG, OutboundRefused, type OutboundGuard } from '../../security/outbound-address.js';
import { openSourceConnection, parseNetworkUrl, SourceSettingsError, sourceDriver, type SourceConnection, type SourceSettings, type SourceTable } from './source-connection.js';

/** The longest piece of a driver's own message a failure quotes. */
const MAX_DRIVER_TEXT = 200;

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** The error's code, looking inside an AggregateError (a host with several addresses refuses on each). */
function codeOf(error: unknown): string {
  const e = error as DriverError | null;
  if (!e || typeof e !== 'object') return '';
  if (typeof e.code === 'string' && e.code !== '') return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) return codeOf(e.errors[0]);
  return '';
}

const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_DRIVER_TEXT ? `${text.slice(0, MAX_DRIVER_TEXT)}…` : text;
};

function addressOf(settings: SourceSettings): { host: string; address: string } {
  try {
    const { host, port } = parseNetworkUrl(settings.url);
    return { host, address: port ? `${host}:${port}` : host };
  } catch {
    return { host: settings.url, address: settings.url };
  }
}

/** Why a connection failed, in both languages, and the form field it concerns. */
export function failureReason(error: unknown, settings: SourceSettings): { reason: Text; field: 'url' | 'password' } {
  if (error instanceof SourceSettingsError) {
    return { reason: /unsupported/.test(error.message) ? CONNECT_REASON.unsupported : CONNECT_REASON.badUrl, field: 'url' };
  }
  const code = codeOf(error);
  const message = messageOf(error);
  const { host, address } = addressOf(settings);
  const filled = (text: Text, values: Record<string, string>): Text => ({ zh: fill(text.zh, values), en: fill(text.en, values) });
  if (error instanceof OutboundRefused) return { reason: filled(OUTBOUND_MSG.notAllowed, { host }), field: 'url' };
  switch (code) {
    case 'ECONNREFUSED': return { reason: filled(CONNECT_REASON.refused, { address }), field: 'url' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN': return { reason: filled(CONNECT_REASON.unknownHost, { host }), field: 'url' };
    case 'ETIMEDOUT': return { reason: CONNECT_REASON.timeout, field: 'url' };
    // PostgreSQL: invalid password, invalid authorisation; MySQL/MariaDB: access denied.
    case '28P01':
    case '28000':
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR': return { reason: CONNECT_REASON.credentials, field: 'password' };
    case '3D000':
    case 'ER_BAD_DB_ERROR': return { reason: CONNECT_REASON.noDatabase, field: 'url' };
    case 'SQLITE_CANTOPEN': return { reason: CONNECT_REASON.noFile, field: 'url' };
    case 'SQLITE_NOTADB': return { reason: CONNECT_REASON.notDatabase, field: 'url' };
    default:
      if (/timeout/i.test(message)) return { reason: CONNECT_REASON.timeout, field: 'url' };
      if (/directory does not exist|unable to open database/i.test(message)) return { reason: CONNECT_REASON.noFile, field: 'url' };
      // Anything else may quote the far side (a banner, a server's error text): general words only.
      return { reason: filled(OUTBOUND_MSG.cannotConnect, { host }), field: 'url' };
  }
}

/** The 400 of a connection that failed, saying why (the field it concerns marked for the form in the caller's language). */
export function connectionFailure(error: unknown, settings: SourceSettings, lang: Lang): AppError {
  const { reason, field } = failureReason(error, settings);
  const text: Text = { zh: fill(DEVELOP_MSG.cannotConnect.zh, { reason: reason.zh }), en: fill(DEVELOP_MSG.cannotConnect.en, { reason: reason.en }) };
  return badRequest(text, {}, { errors: { [field]: text[lang] } });
}

/**
 * Opens a data source, runs `work` on it and closes it; a connection that fails is a 400 saying why
 * (errors of `work` itself pass as they are).
 */
export async function withConnection<T>(
  guard: OutboundGuard, settings: SourceSettings, lang: Lang, work: (connection: SourceConnection) => Promise<T>,
): Promise<T> {
  let connection: SourceConnection;
  try {
    sourceDriver(settings);
    connection = await openSourceConnection(settings, guard);
  } catch (error) {
    throw connectionFailure(error, settings, lang);
  }
  try {
    return await work(connection);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** Opens a data source, reads its table list and closes it: the tables, or a 400 saying why it failed. */
export async function tryConnection(guard: OutboundGuard, settings: SourceSettings, lang: Lang): Promise<SourceTable[]> {
  return withConnection(guard, settings, lang, async (connection) => {
    try {
      return await connection.tables();
    } catch (error) {
      throw connectionFailure(error, settings, lang);
    }
  });
}
