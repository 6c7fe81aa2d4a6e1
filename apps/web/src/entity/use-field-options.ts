import type { OptionSource } from '@alumni/domain';
import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useSourceOptions } from './use-options';

/**
 * The choices of a picker inside a form: a source that takes parameters from other fields
 * (`params`) follows them, and the picked value is cleared when a person changes one of them
 * (a speciality no longer of the department picked) — not when the form is filled for editing.
 */
export function useFieldOptions(source: OptionSource | undefined, lang: string, value: unknown, onChange?: (value: string) => void, typed?: string) {
  const form = Form.useFormInstance();
  const dependencies = Object.entries(source?.params ?? {});
  const watched = Form.useWatch((values: Record<string, unknown> | undefined) =>
    JSON.stringify(dependencies.map(([, field]) => values?.[field] ?? null)), form);
  const current: unknown[] = watched ? (JSON.parse(watched) as unknown[]) : [];
  const params = Object.fromEntries(dependencies
    .map(([param], i) => [param, current[i]] as const)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([param, v]) => [param, String(v)]));
  const seen = useRef(watched);
  useEffect(() => {
    const changed = seen.current !== undefined && seen.current !== watched;
    seen.current = watched;
    if (changed && value && dependencies.length > 0 && form.isFieldsTouched(dependencies.map(([, f]) => f))) onChange?.('');
    // Only a change of the watched fields clears the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched]);
  if (source?.search && typed) params[source.search] = typed;
  // A source that needs its parameters offers nothing until they are all chosen (no cities before a province).
  const waiting = !!source?.paramsRequired && dependencies.some(([param]) => !(param in params));
  return useSourceOptions(waiting ? undefined : source, lang, Object.keys(params).length > 0 ? params : undefined);
}
