import { App, Empty, Modal, Spin, Tabs, Tree } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { leaves, localise, withParents, type GrantNode } from './GrantTreeModal';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];
const TAB_LABEL: Record<Kind, string> = { menu: 'admin.grantMenus', dataScope: 'admin.grantDataScopes', apiScope: 'admin.grantApiScopes' };

type ScopeNode = GrantNode & { isScope?: boolean };
type Trees = Record<Kind, ScopeNode[]>;
type Checked = Record<Kind, Key[]>;

/** The scope ids among checked keys (menus in a scope tree only group the scopes). */
const scopeKeys = (nodes: ScopeNode[], checked: Set<string>, into: string[] = []): string[] => {
  for (const n of nodes) {
    if (n.isScope && checked.has(n.key)) into.push(n.key);
    if (n.children) scopeKeys(n.children as ScopeNode[], checked, into);
  }
  return into;
};

interface Props {
  role: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * A role's grant in one dialog: menus and buttons, data scopes and API scopes (each scope under its
 * menu), from grant-tree with role-tree-keys checked; saved together by role/grant.
 */
export function RoleGrantModal({ role, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [trees, setTrees] = useState<Trees | null>(null);
  const [checked, setChecked] = useState<Checked>({ menu: [], dataScope: [], apiScope: [] });
  const [saving, setSaving] = useState(false);
  const roleId = role?.id;

  useEffect(() => {
    if (!roleId) return;
    setTrees(null);
    void Promise.all([getData<Trees>('/blade-system/menu/grant-tree'), getData<Record<Kind, string[]>>('/blade-system/menu/role-tree-keys', { roleIds: roleId })])
      .then(([grant, keys]) => {
        const next: Trees = { menu: grant.menu ?? [], dataScope: grant.dataScope ?? [], apiScope: grant.apiScope ?? [] };
        setTrees(next);
        // Parents follow their children in a conducted tree; only the leaves are set.
        const pick = (kind: Kind) => {
          const leafKeys = leaves(next[kind]);
          return (keys[kind] ?? []).filter((k) => leafKeys.has(k));
        };
        setChecked({ menu: pick('menu'), dataScope: pick('dataScope'), apiScope: pick('apiScope') });
      })
      .catch(() => onClose());
  }, [roleId, onClose]);

  const onOk = async () => {
    if (!trees || !roleId) return;
    setSaving(true);
    try {
      const set = (kind: Kind) => new Set(checked[kind].map(String));
      await postData('/blade-system/role/grant', {
        roleIds: [roleId],
        menuIds: withParents(trees.menu, set('menu')),
        dataScopeIds: scopeKeys(trees.dataScope, set('dataScope')),
        apiScopeIds: scopeKeys(trees.apiScope, set('apiScope')),
      });
      void message.success(t('crud.opSuccess'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  // The role's name is data: it is shown as entered, beside the label in the interface's language.
  const title = <>{t('admin.grantTitle', { name: '' })}<span data-user-data>{role?.name ?? ''}</span></>;
  return (
    <Modal open={!!role} title={title} onCancel={onClose} onOk={() => void onOk().catch(() => undefined)} confirmLoading={saving}
      okText={t('crud.ok')} cancelText={t('crud.cancel')} width={560} destroyOnHidden>
      {trees === null ? <Spin /> : (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: t(TAB_LABEL[kind]),
            children: (
              <div aria-label={t(TAB_LABEL[kind])} style={{ maxHeight: 460, overflow: 'auto' }}>
                {trees[kind].length === 0 ? <Empty description={t('admin.noScopes')} /> : (
                  <Tree
                    checkable
                    defaultExpandAll
                    treeData={localise(trees[kind], i18n.language === 'en')}
                    checkedKeys={checked[kind]}
                    onCheck={(keys) => setChecked((c) => ({ ...c, [kind]: Array.isArray(keys) ? keys : keys.checked }))}
                  />
                )}
              </div>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
