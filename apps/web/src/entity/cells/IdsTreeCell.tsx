import type { OptionSource } from '@alumni/domain';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { splitIds } from '../ids-value';
import { useSourceOptions, type OptionNode } from '../use-options';

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

/** The part of the option tree whose nodes are in the list. */
function pick(nodes: readonly OptionNode[], ids: ReadonlySet<string>): TreeItem[] {
  return nodes.flatMap((n): TreeItem[] => {
    const children = pick(n.children ?? [], ids);
    if (!ids.has(n.value) && children.length === 0) return [];
    return [{ key: n.value, title: n.title, ...(children.length > 0 ? { children } : {}) }];
  });
}

/** Comma-joined ids shown as the tree they form (the tenant package's menu list). */
export function IdsTreeCell({ source, value }: { source: OptionSource; value: unknown }) {
  const { i18n } = useTranslation();
  const { data } = useSourceOptions(source, i18n.language);
  const treeData = useMemo(() => pick(data ?? [], new Set(splitIds(value))), [data, value]);
  if (treeData.length === 0) return null;
  return <Tree treeData={treeData} selectable={false} defaultExpandedKeys={treeData.map((n) => n.key)} blockNode />;
}
