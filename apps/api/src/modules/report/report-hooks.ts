import { checkReportDefinition, ReportDefinitionError } from '@alumni/domain';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';

/** What the report list answers of each report (DOMAIN 10.1): the definition is not shown. */
const LIST_KEYS = new Set(['id', 'name', 'createTime', 'updateTime']);

/**
 * The report's rules: a saved definition is checked against its source entity (every name declared,
 * groups and measures allowed for their fields) and stored normalised; the list answers only the
 * report's name and times.
 */
export function reportHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values) {
      if (values.content === undefined || values.content === null) return;
      try {
        values.content = JSON.stringify(checkReportDefinition(values.content).definition);
      } catch (error) {
        if (error instanceof ReportDefinitionError) throw invalidFields({ content: error.message_(ctx.lang) });
        throw error;
      }
    },
    presentList(records) {
      for (const record of records) for (const key of Object.keys(record)) if (!LIST_KEYS.has(key)) delete record[key];
    },
  };
}
