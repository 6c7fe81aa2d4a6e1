import { roleEntity } from '@alumni/domain';
import { Button, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { RoleFieldRulesModal } from './RoleFieldRulesModal';
import { RoleGrantModal } from './RoleGrantModal';
import { useCan } from './use-can';

/**
 * Roles, with the grant of menus and buttons, data scopes and API scopes (role-tree-keys checked in
 * the grant-tree), and each role's field rules (decisions 320–322).
 */
export default function RolePage() {
  const { t } = useTranslation();
  const canGrant = useCan('role_grant');
  const [row, setRow] = useState<Row | null>(null);
  const [fieldsOf, setFieldsOf] = useState<Row | null>(null);
  const close = useCallback(() => setRow(null), []);
  const closeFields = useCallback(() => setFieldsOf(null), []);
  return (
    <>
      <EntityPage
        entity={roleEntity}
        dialogWidth={760}
        rowActions={(r) => canGrant && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setRow(r)}>{t('admin.grant')}</Button>
            <Button type="link" size="small" onClick={() => setFieldsOf(r)}>{t('admin.fieldRules.button')}</Button>
          </Space>
        )}
      />
      <RoleGrantModal role={row ? { id: row.id, name: String(row.roleName ?? '') } : null} onClose={close} />
      <RoleFieldRulesModal role={fieldsOf ? { id: fieldsOf.id, name: String(fieldsOf.roleName ?? '') } : null} onClose={closeFields} />
    </>
  );
}
