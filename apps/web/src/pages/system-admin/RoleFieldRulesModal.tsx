import { restrictableFields, routedEntities, type EntityDef, type FieldMode, type FieldRule } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { MenuNode } from '../../api/menu';
import { asLang } from '../../entity/field-text';
import { useMenuStore } from '../../stores/menu-store';

interface Props {
  role: { id: string; name: string } | null;
  onClose: () => void;
}

type Choice = FieldMode | 'editable';
const CHOICES: Choice[] = ['editable', 'readonly', 'hidden'];

const menuCodes = (nodes: readonly MenuNode[], into = new Set<string>()): Set<string> => {
  for (const n of nodes) {
    into.add(n.code);
    if (n.children) menuCodes(n.children, into);
  }
  return into;
};

/**
 * A role's field rules (decisions 320–322), one entity at a time: the entities whose menu the
 * signed-in user holds, each field editable, read-only or hidden; 保存 replaces the role's rules of
 * the chosen entity. The server checks the same as for the grant of menus.
 */
export function RoleFieldRulesModal({ role, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const client = useQueryClient();
  const menus = useMenuStore((s) => s.menus);
  const entities = useMemo(() => {
    const held = menuCodes(menus);
    return routedEntities().filter((e) => e.permission && held.has(e.permission)).sort((a, b) => a.label[lang].localeCompare(b.label[lang], lang));
  }, [menus, lang]);
  const [entity, setEntity] = useState<EntityDef | null>(null);
  const [stored, setStored] = useState<FieldRule[]>([]);
  const [draft, setDraft] = useState<Record<string, FieldMode>>({});
  const [saving, setSaving] = useState(false);
  const roleId = role?.id ?? '';

  useEffect(() => {
    if (!roleId) return;
    setEntity(null);
    setDraft({});
    void getData<FieldRule[]>('/blade-system/role/field-rules', { roleId }).then(setStored).catch(() => onClose());
  }, [roleId, onClose]);

  const choose = (name: string) => {
    const next = entities.find((e) => e.name === name) ?? null;
    setEntity(next);
    setDraft(Object.fromEntries(stored.filter((r) => r.entity === name).map((r) => [r.field, r.mode])));
  };

  const save = async () => {
    if (!entity) return;
    setSaving(true);
    try {
      const rules = Object.entries(draft).map(([field, mode]) => ({ field, mode }));
      await postData('/blade-system/role/field-rules', { roleId, entity: entity.name, rules });
      setStored((s) => [...s.filter((r) => r.entity !== entity.name), ...rules.map((r) => ({ ...r, entity: entity.name }))]);
      void client.invalidateQueries({ queryKey: ['field-rules'] });
      void message.success(t('crud.opSuccess'));
    } finally {
      setSaving(false);
    }
  };

  const counts = useMemo(() => {
    const out = new Map<string, number>();
    for (const r of stored) out.set(r.entity, (out.get(r.entity) ?? 0) + 1);
    return out;
  }, [stored]);

  const rows = entity ? restrictableFields(entity).map((name) => ({ name, label: entity.fields[name]?.label[lang] ?? name })) : [];
  // The role's name is data: it is shown as entered, beside the label in the interface's language.
  const title = <>{t('admin.fieldRules.title')}<span data-user-data>{role?.name ?? ''}</span></>;
  return (
    <Modal open={!!role} title={title} width={720} onCancel={onClose} destroyOnHidden
      okText={t('admin.fieldRules.save')} cancelText={t('admin.fieldRules.close')} okButtonProps={{ disabled: !entity }}
      confirmLoading={saving} onOk={() => void save().catch(() => undefined)}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('admin.fieldRules.hint')} />
        <Space>
          <Typography.Text>{t('admin.fieldRules.entity')}</Typography.Text>
          <Select aria-label={t('admin.fieldRules.entity')} showSearch optionFilterProp="label" style={{ width: 320 }} placeholder={t('admin.fieldRules.pickEntity')}
            value={entity?.name} onChange={choose}
            options={entities.map((e) => {
              const n = counts.get(e.name);
              return { value: e.name, label: n ? `${e.label[lang]} (${t('admin.fieldRules.restricted', { count: n })})` : e.label[lang] };
            })} />
        </Space>
        {entity && (
          <Table size="small" rowKey="name" pagination={false} scroll={{ y: 380 }} dataSource={rows}
            columns={[
              { key: 'label', title: t('admin.fieldRules.field'), dataIndex: 'label', width: 180 },
              { key: 'name', title: t('admin.fieldRules.name'), dataIndex: 'name', width: 160, render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
              {
                key: 'mode', title: t('admin.fieldRules.mode'),
                render: (_: unknown, row: { name: string; label: string }) => (
                  <Radio.Group size="small" optionType="button" aria-label={row.label} value={draft[row.name] ?? 'editable'}
                    onChange={(e) => setDraft((d) => {
                      const { [row.name]: _old, ...rest } = d;
                      const choice = e.target.value as Choice;
                      return choice === 'editable' ? rest : { ...rest, [row.name]: choice };
                    })}
                    options={CHOICES.map((c) => ({ value: c, label: t(`admin.fieldRules.${c}`) }))} />
                ),
              },
            ]} />
        )}
      </Space>
    </Modal>
  );
}
