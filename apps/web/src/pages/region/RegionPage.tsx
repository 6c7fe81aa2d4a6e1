import { REGION_ROOT, regionEntity } from '@alumni/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides } from '../../entity/field-overrides';
import './region-texts';
import './region.css';

/** A node of `region/lazy-tree`: keyed by the region's code. */
interface RegionNode {
  code: string;
  title: string;
  hasChildren: boolean;
  regionLevel: number;
}

// Under `options`, so every region write (which refreshes the pickers) reloads the open levels too.
const levelKey = (parentCode: string) => ['options', 'region-lazy-tree', parentCode] as const;
const fetchLevel = (parentCode: string) => getData<RegionNode[]>('/blade-system/region/lazy-tree', { parentCode });

/** Parent code and level are given by the node picked in the tree. */
const OVERRIDES: FieldOverrides = { parentCode: { disabled: true }, regionLevel: { disabled: true } };
const SEARCH = ['code', 'name'] as const;

/**
 * Regions: the region tree, loaded one level at a time, beside the list of the regions directly
 * below the node picked (the provinces when none is). Adding puts the new region below that node.
 */
export default function RegionPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [opened, setOpened] = useState<string[]>([]);
  const [selected, setSelected] = useState<RegionNode | null>(null);

  const levels = useQueries({
    queries: [REGION_ROOT, ...opened].map((code) => ({ queryKey: levelKey(code), queryFn: () => fetchLevel(code) })),
  });
  const byParent = new Map<string, RegionNode[]>();
  [REGION_ROOT, ...opened].forEach((code, i) => {
    const data = levels[i]?.data;
    if (data) byParent.set(code, data);
  });
  const build = (parentCode: string): TreeDataNode[] =>
    (byParent.get(parentCode) ?? []).map((node) => ({
      key: node.code,
      title: node.title,
      isLeaf: !node.hasChildren,
      ...(node.hasChildren && byParent.has(node.code) ? { children: build(node.code) } : {}),
    }));
  const nodes = new Map<string, RegionNode>();
  for (const list of byParent.values()) for (const node of list) nodes.set(node.code, node);

  const loadData = async ({ key }: TreeDataNode) => {
    const code = String(key);
    setOpened((list) => (list.includes(code) ? list : [...list, code]));
    await client.fetchQuery({ queryKey: levelKey(code), queryFn: () => fetchLevel(code) });
  };

  // The picked node as the tree now answers it (a rename shows at once).
  const current = selected ? (nodes.get(selected.code) ?? selected) : null;
  const parentCode = current?.code ?? REGION_ROOT;
  const level = current?.regionLevel ?? 0;
  const extraParams = useMemo(() => ({ parentCode_equal: parentCode }), [parentCode]);
  const presets = useMemo(() => ({ parentCode, regionLevel: String(level + 1) }), [parentCode, level]);

  return (
    <div className="region-page">
      <Card
        size="small"
        title={t('region.tree')}
        className="region-tree"
        extra={<Button type="link" size="small" onClick={() => setSelected(null)}>{t('region.top')}</Button>}
      >
        <Tree
          aria-label={t('region.treeLabel')}
          treeData={build(REGION_ROOT)}
          loadData={loadData}
          selectedKeys={current ? [current.code] : []}
          onSelect={(keys) => {
            const key = keys[0];
            setSelected(key === undefined ? null : (nodes.get(String(key)) ?? null));
          }}
        />
      </Card>
      <div className="region-list">
        <EntityPage
          key={parentCode}
          entity={regionEntity}
          extraParams={extraParams}
          presetValues={presets}
          fieldOverrides={OVERRIDES}
          searchFields={SEARCH}
          addDisabled={level >= 5}
          title={current ? t('region.childrenOf', { name: current.title, code: current.code }) : t('region.topTitle')}
          regionLabel={t('region.list')}
          dialogWidth={760}
        />
      </div>
    </div>
  );
}
