import { topMenuEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { GrantDialog, type GrantNode } from '../../components/grant/GrantDialog';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { useCan } from './use-can';

export default function TopMenuPage() {
  const { t } = useTranslation();
  const canSet = useCan('topmenu_setting');
  const [row, setRow] = useState<Row | null>(null);
  const close = useCallback(() => setRow(null), []);
  return (
    <>
      <EntityPage
        entity={topMenuEntity}
        dialogWidth={760}
        rowActions={(r) => canSet && <Button type="link" size="small" onClick={() => setRow(r)}>{t('admin.menuSetting')}</Button>}
      />
      {/* A top menu's menus stand for their whole subtrees (the side menu shows each with everything below it). */}
      <GrantDialog
        open={!!row}
        title={t('admin.menuSettingTitle', { name: String(row?.name ?? '') })}
        width={520}
        loadKey={row?.id ?? ''}
        load={async () => {
          const [tree, keys] = await Promise.all([
            getData<{ menu: GrantNode[] }>('/blade-system/menu/grant-top-tree'),
            getData<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { topMenuIds: row?.id ?? '' }),
          ]);
          return [{ key: 'menu', tree: tree.menu, stored: keys.menu, mode: 'subtrees' }];
        }}
        save={(grants) => postData('/blade-system/topmenu/grant', { topMenuIds: [row?.id], menuIds: grants.menu ?? [] })}
        onClose={close}
      />
    </>
  );
}
