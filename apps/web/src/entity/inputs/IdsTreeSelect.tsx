import { TreeSelect } from 'antd';
import { useMemo, useRef } from 'react';
import { initialTicks, savedGrant, type SelectionNode } from '../../components/grant/grant-selection';
import { splitIds } from '../ids-value';
import type { OptionNode } from '../use-options';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  options: OptionNode[];
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  /** Nodes are picked one by one, without their parents or children. */
  independent?: boolean;
}

/** Typing filters the tree by node title, so a node deep in a long tree is found by its name. */
const search = { treeNodeFilterProp: 'title' } as const;

const selectionTree = (nodes: readonly OptionNode[]): SelectionNode[] =>
  nodes.map((n) => ({ key: n.value, ...(n.children ? { children: selectionTree(n.children) } : {}) }));

/**
 * Comma-joined ids picked in a checkable tree. A conducted tree saves the ids it was given changed
 * only where the ticks changed, with the parents of what is ticked (`grant-selection.ts`): a stored
 * parent without stored children is neither dropped nor turned into all its children.
 */
export function IdsTreeSelect({ value, onChange, options, disabled, placeholder, id, independent }: Props) {
  const tree = useMemo(() => selectionTree(options), [options]);
  // The ids the field held before the person's first change; a value set from outside starts anew.
  const baseline = useRef<{ stored: string[]; emitted: string | undefined } | null>(null);
  if (baseline.current === null || baseline.current.emitted !== value) baseline.current = { stored: splitIds(value), emitted: value };
  if (independent) {
    return (
      <TreeSelect<string[]>
        id={id}
        treeData={options}
        value={splitIds(value)}
        onChange={(picked) => onChange?.((picked ?? []).join(','))}
        multiple
        showSearch={search}
        treeDefaultExpandAll
        allowClear
        disabled={disabled}
        placeholder={placeholder}
        style={{ width: '100%' }}
        listHeight={320}
      />
    );
  }
  return (
    <TreeSelect<string[]>
      id={id}
      treeData={options}
      value={initialTicks(tree, splitIds(value), 'withParents')}
      onChange={(picked) => {
        const next = savedGrant(tree, baseline.current?.stored ?? [], 'withParents', picked ?? []).join(',');
        if (baseline.current) baseline.current.emitted = next;
        onChange?.(next);
      }}
      treeCheckable
      showSearch={search}
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      // A menu tree of a few hundred nodes renders at once, so every node can be found by its name.
      virtual={false}
      treeDefaultExpandAll
      maxTagCount={12}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      listHeight={320}
    />
  );
}
