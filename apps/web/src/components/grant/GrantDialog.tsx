import { App, Empty, Modal, Spin, Tabs, Tree } from 'antd';
import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { initialTicks, savedGrant, type GrantMode } from './grant-selection';

export interface GrantNode {
  key: string;
  title: string;
  titleEn?: string | null;
  children?: GrantNode[];
}

/** One tree of a grant dialog: the nodes the person may grant, the current grant and how its ids read. */
export interface GrantSection {
  key: string;
  /** The tab's label when the dialog has several trees. */
  label?: string;
  tree: GrantNode[];
  stored: string[];
  mode: GrantMode;
}

interface Props {
  open: boolean;
  title: ReactNode;
  /** Reads the trees and the current grants; called each time the dialog opens or `loadKey` changes. */
  load: () => Promise<GrantSection[]>;
  loadKey: string;
  /** Saves the grants by section key: the current grants changed exactly where the person changed them. */
  save: (grants: Record<string, string[]>) => Promise<unknown>;
  /** A message that stops the save (e.g. nothing picked where something is required), or null. */
  refuse?: (grants: Record<string, string[]>) => string | null;
  onClose: () => void;
  onSaved?: () => void;
  width?: number;
}

export const localise = (nodes: GrantNode[], en: boolean): GrantNode[] =>
  nodes.map((n) => ({ ...n, title: en && n.titleEn ? n.titleEn : n.title, ...(n.children ? { children: localise(n.children, en) } : {}) }));

/**
 * The one grant dialog: opens with the current grants ticked (a partly granted parent half-ticked,
 * never fully) and saves the current grants with exactly the person's changes applied
 * (`grant-selection.ts`). Role grants, top-menu menus and user roles all use it.
 */
export function GrantDialog({ open, title, load, loadKey, save, refuse, onClose, onSaved, width = 560 }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [sections, setSections] = useState<GrantSection[] | null>(null);
  const [ticks, setTicks] = useState<Record<string, Key[]>>({});
  const [saving, setSaving] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSections(null);
    loadRef.current()
      .then((loaded) => {
        if (!live) return;
        setSections(loaded);
        setTicks(Object.fromEntries(loaded.map((s) => [s.key, initialTicks(s.tree, s.stored, s.mode)])));
      })
      .catch(() => closeRef.current());
    return () => {
      live = false;
    };
  }, [open, loadKey]);

  const onOk = async () => {
    if (!sections) return;
    const grants = Object.fromEntries(sections.map((s) => [s.key, savedGrant(s.tree, s.stored, s.mode, (ticks[s.key] ?? []).map(String))]));
    const refusal = refuse?.(grants);
    if (refusal) {
      void message.warning(refusal);
      return;
    }
    setSaving(true);
    try {
      await save(grants);
      void message.success(t('crud.opSuccess'));
      onSaved?.();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const en = i18n.language === 'en';
  const treeOf = (s: GrantSection) => (
    <div aria-label={s.label ?? (typeof title === 'string' ? title : undefined)} data-grant-section={s.key} style={{ maxHeight: 460, overflow: 'auto' }}>
      {s.tree.length === 0 ? <Empty description={t('admin.noScopes')} /> : (
        <Tree
          checkable
          defaultExpandAll
          checkStrictly={s.mode === 'independent'}
          treeData={localise(s.tree, en)}
          titleRender={(n) => <span data-grant-key={n.key}>{n.title}</span>}
          checkedKeys={s.mode === 'independent' ? { checked: ticks[s.key] ?? [], halfChecked: [] } : ticks[s.key] ?? []}
          onCheck={(keys) => setTicks((c) => ({ ...c, [s.key]: Array.isArray(keys) ? keys : keys.checked }))}
        />
      )}
    </div>
  );

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void onOk().catch(() => undefined)} confirmLoading={saving}
      okText={t('crud.ok')} cancelText={t('crud.cancel')} width={width} destroyOnHidden>
      {sections === null ? <Spin /> : sections.length === 1 && sections[0] ? treeOf(sections[0]) : (
        <Tabs items={sections.map((s) => ({ key: s.key, label: s.label, children: treeOf(s) }))} />
      )}
    </Modal>
  );
}
