import { PLATFORM_TENANT, SECRET_MASK, datasourceEntity, tenantEntity } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { notFound } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { OutboundGuard } from '../../security/outbound-address.js';
import { openSourceConnection, type SourceConnection, type SourceSettings } from './source-connection.js';

/** A saved data source's connection settings, its password opened. */
export interface DatasourceSettings extends SourceSettings {
  id: string;
  name: string;
}

const ALL = { tenantId: null };

/** The settings of a stored row (the repository has opened its sealed password). */
export const settingsOf = (row: JsonRecord): DatasourceSettings => ({
  id: String(row.id),
  name: String(row.name ?? ''),
  driverClass: (row.driverClass as string | null) ?? null,
  url: String(row.url ?? ''),
  username: (row.username as string | null) ?? null,
  password: (row.password as string | null) ?? null,
});

/**
 * The values a connection is tried with: the sent ones over the stored row's, where a password sent
 * empty or as the mask means the stored password (as a save keeps it).
 */
export function effectiveSettings(sent: Readonly<Record<string, unknown>>, stored: JsonRecord | null): SourceSettings {
  const pick = (name: string): string | null => {
    const value = sent[name];
    if (value === undefined || (name === 'password' && (value === null || value === '' || value === SECRET_MASK))) {
      return (stored?.[name] as string | null | undefined) ?? null;
    }
    return value === null ? null : String(value);
  };
  return { driverClass: pick('driverClass'), url: pick('url') ?? '', username: pick('username'), password: pick('password') };
}

/** Who asks for a data source: a signed-in caller, or the server on a tenant's behalf. */
export type DatasourceReader = Caller | { tenantId: string };

const isCaller = (who: DatasourceReader): who is Caller => 'userId' in who;

/**
 * The connection settings of data source `id`, its password opened (what `openSourceConnection`
 * takes). A caller reads it as they read its detail (the platform tenant, the `datasource` menu); the
 * server acting for a tenant reads the data source that tenant is bound to (`tenant/datasource`), the
 * platform tenant any. A data source that is not there, or not the tenant's, is 404.
 */
export async function datasourceSettings(
  deps: { operations: EntityOperations; repository: EntityRepository },
  who: DatasourceReader,
  id: string,
): Promise<DatasourceSettings> {
  if (isCaller(who)) await deps.operations.authoriseRead(datasourceEntity, who);
  else if (who.tenantId !== PLATFORM_TENANT && (await boundDatasourceId(deps.repository, who.tenantId)) !== id) throw notFound();
  const row = await deps.repository.findById(datasourceEntity, ALL, id);
  if (!row) throw notFound();
  return settingsOf(row);
}

/** The id of the data source a tenant is bound to, or null. */
export async function boundDatasourceId(repository: EntityRepository, tenantId: string): Promise<string | null> {
  const [tenant] = await repository.all(tenantEntity, ALL, [{ field: 'tenantId', op: 'equal', value: tenantId }], [], 1);
  const id = tenant?.datasourceId;
  return id === null || id === undefined || id === '' ? null : String(id);
}

/** An open connection to data source `id` for `who` (see `datasourceSettings`); the caller closes it. */
export async function openDatasource(
  deps: { operations: EntityOperations; repository: EntityRepository; outbound: OutboundGuard },
  who: DatasourceReader,
  id: string,
): Promise<SourceConnection> {
  return openSourceConnection(await datasourceSettings(deps, who, id), deps.outbound);
}
