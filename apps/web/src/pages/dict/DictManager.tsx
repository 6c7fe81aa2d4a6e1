import { englishDictionaryName, englishEntryLabel, type EntityDef } from '@alumni/domain';
import { Button, Col, Empty, Row as GridRow } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../config';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { childOverrides, CHILD_COLUMNS, CHILD_SEARCH, PARENT_COLUMNS, PARENT_OVERRIDES, PARENT_PRESETS, PARENT_SEARCH } from './dict-layout';

/** In English, a shipped dictionary and its shipped entries show their English names. */
const DICT_CELLS = {
  dictValue: (row: Row, lang: string) => (lang !== 'en' ? undefined
    : String(row.parentId) === '0' ? englishDictionaryName(String(row.code)) : englishEntryLabel(String(row.code), String(row.dictKey))),
};

interface Props {
  entity: EntityDef;
  layout: 'horizontal' | 'vertical';
}

/**
 * A dictionary screen: the dictionaries (parents) and the entries of the one picked. The entries
 * come from the paged list filtered by `parentId`: `child-list` answers BladeX's list tree.
 */
export function DictManager({ entity, layout }: Props) {
  const { t, i18n } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  const parentId = parent?.id ?? '';
  const extraParams = useMemo(() => ({ parentId }), [parentId]);
  const presets = useMemo(() => (parent ? { code: parent.code, parentId: parent.id } : {}), [parent]);

  const parents = (
    <EntityPage
      entity={entity}
      listPath="parent-list"
      columns={PARENT_COLUMNS}
      searchFields={PARENT_SEARCH}
      fieldOverrides={PARENT_OVERRIDES}
      presetValues={PARENT_PRESETS}
      cellText={DICT_CELLS}
      dialogWidth={appConfig.dictDialogWidth}
      title={t('dict.parentTitle')}
      regionLabel={t('dict.parentTitle')}
      onRowClick={setParent}
      activeRowId={parentId}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => setParent(row)}>
          {t('dict.config')}
        </Button>
      )}
    />
  );

  const children = parent ? (
    <EntityPage
      key={parent.id}
      entity={entity}
      keepInAddress={false}
      extraParams={extraParams}
      columns={CHILD_COLUMNS}
      searchFields={CHILD_SEARCH}
      fieldOverrides={childOverrides}
      presetValues={presets}
      cellText={DICT_CELLS}
      dialogWidth={appConfig.dictDialogWidth}
      title={t('dict.childOf', { name: `${(i18n.language === 'en' && englishDictionaryName(String(parent.code))) || String(parent.dictValue)} (${String(parent.code)})` })}
      regionLabel={t('dict.childTitle')}
    />
  ) : (
    <section className="entity-page" aria-label={t('dict.childTitle')}>
      <div className="entity-title">{t('dict.childTitle')}</div>
      <Empty description={t(layout === 'horizontal' ? 'dict.pickParent' : 'dict.pickParentAbove')} />
    </section>
  );

  if (layout === 'vertical') {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {parents}
        {children}
      </div>
    );
  }
  return (
    <GridRow gutter={16}>
      <Col xs={24} xl={11}>{parents}</Col>
      <Col xs={24} xl={13}>{children}</Col>
    </GridRow>
  );
}
