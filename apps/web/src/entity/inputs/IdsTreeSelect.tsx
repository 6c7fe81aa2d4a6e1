import { TreeSelect } from 'antd';
import { checkedLeaves, splitIds, withAncestors } from '../ids-value';
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

/** Comma-joined ids picked in a checkable tree. */
export function IdsTreeSelect({ value, onChange, options, disabled, placeholder, id, independent }: Props) {
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
      value={checkedLeaves(splitIds(value), options)}
      onChange={(picked) => onChange?.(withAncestors(picked, options).join(','))}
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
