import { roleEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { GrantTreeModal } from './GrantTreeModal';
import { useCan } from './use-can';

/** Roles, with the grant of menus and buttons (role-tree-keys checked in the grant-tree). */
export default function RolePage() {
  const { t } = useTranslation();
  const canGrant = useCan('role_grant');
  const [row, setRow] = useState<Row | null>(null);
  const close = useCallback(() => setRow(null), []);
  return (
    <>
      <EntityPage
        entity={roleEntity}
        dialogWidth={760}
        rowActions={(r) => canGrant && <Button type="link" size="small" onClick={() => setRow(r)}>{t('admin.grant')}</Button>}
      />
      <GrantTreeModal
        open={!!row}
        title={t('admin.grantTitle', { name: String(row?.roleName ?? '') })}
        treeUrl="/blade-system/menu/grant-tree"
        keysUrl="/blade-system/menu/role-tree-keys"
        keysParams={{ roleIds: row?.id ?? '' }}
        save={(menuIds) => postData('/blade-system/role/grant', { roleIds: [row?.id], menuIds })}
        onClose={close}
      />
    </>
  );
}
