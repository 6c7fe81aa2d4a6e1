import { topMenuEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { GrantTreeModal } from './GrantTreeModal';
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
      <GrantTreeModal
        open={!!row}
        title={t('admin.menuSettingTitle', { name: String(row?.name ?? '') })}
        treeUrl="/blade-system/menu/grant-top-tree"
        keysUrl="/blade-system/menu/top-tree-keys"
        keysParams={{ topMenuIds: row?.id ?? '' }}
        save={(menuIds) => postData('/blade-system/topmenu/grant', { topMenuIds: [row?.id], menuIds })}
        onClose={close}
      />
    </>
  );
}
