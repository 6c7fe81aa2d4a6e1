import { englishEntryLabel, type DictField, type OptionSource } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { getData } from '../api/http';

/** A choice of a picker, tree-shaped when the source is a tree. */
export interface OptionNode {
  title: string;
  value: string;
  children?: OptionNode[];
}

interface RawNode {
  [key: string]: unknown;
  children?: RawNode[];
}

function toOptions(nodes: readonly RawNode[], labelKey: string, valueKey: string, lang: string): OptionNode[] {
  return nodes.map((n) => {
    const english = lang === 'en' ? n[`${labelKey}En`] : undefined;
    const title = typeof english === 'string' && english ? english : String(n[labelKey] ?? '');
    const node: OptionNode = { title, value: String(n[valueKey] ?? '') };
    if (n.children && n.children.length > 0) node.children = toOptions(n.children, labelKey, valueKey, lang);
    return node;
  });
}

/** The choices of a field whose values come from another resource (a tree or a flat list). */
export function useSourceOptions(source: OptionSource | undefined, lang: string, params?: Record<string, string>) {
  return useQuery({
    queryKey: ['options', source?.url, lang, params ?? {}],
    enabled: !!source,
    staleTime: 60_000,
    queryFn: async () => {
      const raw = await getData<RawNode[]>(source?.url ?? '', params);
      return toOptions(raw, source?.labelKey ?? 'title', source?.valueKey ?? 'value', lang);
    },
  });
}

/**
 * The entries of a dictionary, as `{title: dictValue, value: dictKey}`; in English the shipped
 * English label of an entry replaces its stored (Chinese) one.
 */
export function useDictOptions(field: Pick<DictField, 'dict' | 'source'> | undefined, lang = 'zh') {
  const base = field?.source === 'biz' ? '/blade-system/dict-biz' : '/blade-system/dict';
  return useQuery({
    queryKey: ['dictionary', base, field?.dict, lang],
    enabled: !!field,
    staleTime: 60_000,
    queryFn: async () => {
      const raw = await getData<RawNode[]>(`${base}/dictionary`, { code: field?.dict });
      const options = toOptions(raw, 'dictValue', 'dictKey', 'zh');
      if (lang !== 'en' || !field) return options;
      return options.map((o) => ({ ...o, title: englishEntryLabel(field.dict, o.value) ?? o.title }));
    },
  });
}

/** Title of each value in an option tree. */
export function optionTitles(nodes: readonly OptionNode[] | undefined, into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes ?? []) {
    into.set(node.value, node.title);
    optionTitles(node.children, into);
  }
  return into;
}
