import { logApiEntity, logErrorEntity, logUsualEntity, MENU_ICON_BLADEX_CLASSES, menuIconSource } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

/** The columns of BladeX's log tables naming the server that wrote a row. */
const SERVER_COLUMNS = [['server_host', 'serverHost'], ['server_ip', 'serverIp'], ['env', 'env']] as const;

/**
 * Two wire differences with BladeX's clients (decision 281):
 * - a menu's or top menu's icon stored as a bare Ant Design name this product knows becomes
 *   `iconfont <BladeX class> <name>`, so BladeX's clients draw it and the web app keeps its icon; any
 *   other icon (a BladeX class, one already converted, one staff typed) is kept, so running it again
 *   changes nothing;
 * - the API, error and usual logs gain BladeX's `server_host`, `server_ip` and `env` columns, which
 *   the server fills as it writes a row. A table made from the entity as it is now already has them.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const table of ['blade_menu', 'blade_top_menu']) {
    for (const name of Object.keys(MENU_ICON_BLADEX_CLASSES)) {
      await db.updateTable(table).set({ source: menuIconSource(name) }).where('source', '=', name).execute();
    }
  }
  for (const entity of [logApiEntity, logErrorEntity, logUsualEntity]) {
    for (const [column, field] of SERVER_COLUMNS) {
      if (await hasColumn(db, dialect, entity.table, column)) continue;
      await db.schema.alterTable(entity.table).addColumn(column, columnType(entity.fields[field]!, dialect)).execute();
    }
  }
}
