import { roleEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { RoleGrantModal } from './RoleGrantModal';
import { useCan } from './use-can';

/** Roles, with the grant of menus and buttons, data scopes and API scopes (role-tree-keys checked in the grant-tree). */
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
      <RoleGrantModal role={row ? { id: row.id, name: String(row.roleName ?? '') } : null} onClose={close} />
    </>
  );
}
