import type { EntityHooks } from '../engine/entity-hooks.js';
import type { RouteTitles } from './route-titles.js';

/** API log rows read with the route's name in the reader's language (the stored title is Chinese). */
export const apiLogHooks = (titles: RouteTitles): EntityHooks => ({
  async withRelated(records, caller) {
    for (const r of records) {
      const title = titles.of(String(r.method ?? ''), String(r.requestUri ?? ''), caller.lang ?? 'zh');
      if (title) r.title = title;
    }
  },
});
