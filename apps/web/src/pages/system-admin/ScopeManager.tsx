import type { EntityDef } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides } from '../../entity/field-overrides';
import { localise, type GrantNode } from '../../components/grant/GrantDialog';
import './system-admin.css';

interface Props {
  entity: EntityDef;
  /** i18n key of the list title, with `{{name}}` the picked menu. */
  titleKey: string;
  /** i18n key of the list's accessible name. */
  labelKey: string;
}

const OVERRIDES: FieldOverrides = { menuId: { disabled: true } };

const find = (nodes: GrantNode[], key: string): GrantNode | null => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children ? find(n.children, key) : null;
    if (hit) return hit;
  }
  return null;
};

/** Scopes by menu, as BladeX shows them: the menu tree on the left, the scopes of the picked menu on the right. */
export function ScopeManager({ entity, titleKey, labelKey }: Props) {
  const { t, i18n } = useTranslation();
  const [menuId, setMenuId] = useState<string | undefined>();
  const menus = useQuery({ queryKey: ['options', 'menu-list'], queryFn: () => getData<GrantNode[]>('/blade-system/menu/menu-list') });
  const tree = useMemo(() => localise(menus.data ?? [], i18n.language === 'en'), [menus.data, i18n.language]);
  const extraParams = useMemo(() => (menuId ? { menuId } : undefined), [menuId]);
  const presets = useMemo(() => ({ menuId }), [menuId]);
  const picked = menuId ? find(tree, menuId) : null;
  // The menu is picked in the tree, not searched.
  const searchFields = useMemo(() => Object.entries(entity.fields).filter(([name, f]) => f.search && name !== 'menuId').map(([name]) => name), [entity]);
  const listLabel = t(labelKey);

  return (
    <div className="user-page">
      <Card size="small" title={t('admin.menuTree')} className="user-dept-tree">
        <div role="group" aria-label={t('admin.menuTree')}>
          <Tree<GrantNode>
            treeData={tree}
            defaultExpandAll
            key={menus.data ? 'loaded' : 'loading'}
            selectedKeys={menuId ? [menuId] : []}
            onSelect={(keys) => setMenuId(keys[0] === undefined ? undefined : String(keys[0]))}
          />
        </div>
      </Card>
      <div className="user-list">
        {menuId ? (
          <EntityPage
            key={menuId}
            entity={entity}
            extraParams={extraParams}
            presetValues={presets}
            searchFields={searchFields}
            fieldOverrides={OVERRIDES}
            dialogWidth={760}
            title={t(titleKey, { name: picked?.title ?? '' })}
            regionLabel={listLabel}
          />
        ) : (
          <section className="entity-page" aria-label={listLabel}>
            <Empty description={t('admin.pickMenu')} />
          </section>
        )}
      </div>
    </div>
  );
}
