import type { EntityDef, Field, FieldMode, FieldRuleMap } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getData } from '../api/http';

const NO_RULES: FieldRuleMap = {};

/** The signed-in user's hidden and read-only fields by entity (decisions 320–322); the server is still the judge. */
export function useFieldRules(): FieldRuleMap {
  const { data } = useQuery({
    queryKey: ['field-rules'],
    staleTime: 60_000,
    queryFn: () => getData<FieldRuleMap>('/blade-system/menu/field-rules'),
  });
  return data ?? NO_RULES;
}

/**
 * The entity as the user may see it: a hidden field left out (no column, no filter, no form item, no
 * line in the view), a read-only one shown but never edited (as a field the server sets). Without
 * rules, the entity itself.
 */
export function restrictedEntity(entity: EntityDef, rules: Readonly<Record<string, FieldMode>> | undefined): EntityDef {
  if (!rules || Object.keys(rules).length === 0) return entity;
  const fields: Record<string, Field> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const mode = rules[name];
    if (mode === 'hidden') continue;
    fields[name] = mode === 'readonly' ? ({ ...field, form: 'readonly' } as Field) : field;
  }
  return { ...entity, fields };
}

/** `restrictedEntity` for the signed-in user, kept while the rules stay the same. */
export function useRestrictedEntity(entity: EntityDef): EntityDef {
  const rules = useFieldRules()[entity.name];
  return useMemo(() => restrictedEntity(entity, rules), [entity, rules]);
}
