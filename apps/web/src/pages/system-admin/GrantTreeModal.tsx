import { App, Modal, Spin, Tree } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';

export interface GrantNode {
  key: string;
  title: string;
  titleEn?: string | null;
  children?: GrantNode[];
}

interface Props {
  open: boolean;
  title: string;
  /** Answers `{menu: nodes}`. */
  treeUrl: string;
  /** Answers `{menu: ids}` for the row being granted. */
  keysUrl: string;
  keysParams: Record<string, string>;
  /** Posts the checked ids (with their half-checked parents). */
  save: (menuIds: string[]) => Promise<unknown>;
  onClose: () => void;
}

export const leaves = (nodes: GrantNode[], into = new Set<string>()): Set<string> => {
  for (const n of nodes) {
    if (n.children?.length) leaves(n.children, into);
    else into.add(n.key);
  }
  return into;
};

/** The checked keys with every ancestor of each (the half-checked parents the server needs too). */
export const withParents = (nodes: GrantNode[], checked: Set<string>): string[] => {
  const out = new Set<string>();
  const walk = (list: GrantNode[], path: string[]) => {
    for (const n of list) {
      if (checked.has(n.key)) [...path, n.key].forEach((k) => out.add(k));
      if (n.children) walk(n.children, [...path, n.key]);
    }
  };
  walk(nodes, []);
  return [...out];
};

export const localise = (nodes: GrantNode[], en: boolean): GrantNode[] =>
  nodes.map((n) => ({ ...n, title: en && n.titleEn ? n.titleEn : n.title, ...(n.children ? { children: localise(n.children, en) } : {}) }));

/** A checkable menu tree: what the signed-in user may grant, with the row's current grant checked. */
export function GrantTreeModal({ open, title, treeUrl, keysUrl, keysParams, save, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [tree, setTree] = useState<GrantNode[] | null>(null);
  const [checked, setChecked] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const keysParam = JSON.stringify(keysParams);

  useEffect(() => {
    if (!open) return;
    setTree(null);
    void Promise.all([getData<{ menu: GrantNode[] }>(treeUrl), getData<{ menu: string[] }>(keysUrl, JSON.parse(keysParam) as Record<string, string>)])
      .then(([grant, keys]) => {
        const leafKeys = leaves(grant.menu);
        setTree(grant.menu);
        // Parents follow their children in a conducted tree; only the leaves are set.
        setChecked(keys.menu.filter((k) => leafKeys.has(k)));
      })
      .catch(() => onClose());
  }, [open, treeUrl, keysUrl, keysParam, onClose]);

  const onOk = async () => {
    setSaving(true);
    try {
      await save(withParents(tree ?? [], new Set(checked.map(String))));
      void message.success(t('crud.opSuccess'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void onOk().catch(() => undefined)} confirmLoading={saving}
      okText={t('crud.ok')} cancelText={t('crud.cancel')} width={520} destroyOnHidden>
      {tree === null ? <Spin /> : (
        <div aria-label={title} style={{ maxHeight: 460, overflow: 'auto' }}>
          <Tree
            checkable
            defaultExpandAll
            treeData={localise(tree, i18n.language === 'en')}
            checkedKeys={checked}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
          />
        </div>
      )}
    </Modal>
  );
}

export const postGrant = (url: string, body: Record<string, unknown>) => postData<unknown>(url, body);
