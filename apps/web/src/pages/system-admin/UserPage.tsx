import { userEntity } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import type { GrantNode } from '../../components/grant/GrantDialog';
import type { FormSection } from '../../entity/field-overrides';
import { useCan } from './use-can';
import { NewUserPasswords } from './NewUserPasswords';
import { UserPlatformModal } from './UserPlatformModal';
import { UserRoleModal } from './UserRoleModal';
import './system-admin.css';

/** The account, then a new user's password and its confirmation (never shown while editing). */
const SECTIONS: readonly FormSection[] = [{ key: 'account', fields: ['account', 'code'], after: <NewUserPasswords /> }];

/** Users by department: the department tree beside the list; roles, password reset, unlock and platform per row. */
export default function UserPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const can = { role: useCan('user_role'), reset: useCan('user_reset'), unlock: useCan('user_unlock'), platform: useCan('user_platform') };
  const [deptId, setDeptId] = useState<string | undefined>();
  const [granting, setGranting] = useState<string | null>(null);
  const [platformOf, setPlatformOf] = useState<Row | null>(null);
  const depts = useQuery({ queryKey: ['options', 'dept-tree'], queryFn: () => getData<GrantNode[]>('/blade-system/dept/tree') });
  const extraParams = useMemo(() => (deptId ? { deptId } : undefined), [deptId]);

  const confirm = (content: string, url: string, row: Row) =>
    modal.confirm({
      title: t('crud.tip'), content, okText: t('crud.ok'), cancelText: t('crud.cancel'),
      onOk: async () => {
        await postData(url, undefined, { userIds: row.id });
        void message.success(t('crud.opSuccess'));
      },
    });

  return (
    <div className="user-page">
      <Card size="small" title={t('admin.deptTree')} className="user-dept-tree">
        <Tree<GrantNode>
          treeData={depts.data ?? []}
          defaultExpandAll
          key={depts.data ? 'loaded' : 'loading'}
          selectedKeys={deptId ? [deptId] : []}
          onSelect={(keys) => setDeptId(keys[0] === undefined ? undefined : String(keys[0]))}
        />
      </Card>
      <div className="user-list">
        <EntityPage
          entity={userEntity}
          dialogWidth={860}
          extraParams={extraParams}
          formSections={SECTIONS}
          rowActions={(row) => (
            <>
              {can.role && <Button type="link" size="small" onClick={() => setGranting(row.id)}>{t('admin.grantRoles')}</Button>}
              {can.reset && <Button type="link" size="small" onClick={() => confirm(t('admin.confirmReset'), '/blade-user/reset-password', row)}>{t('admin.resetPassword')}</Button>}
              {can.unlock && <Button type="link" size="small" onClick={() => confirm(t('admin.confirmUnlock'), '/blade-user/unlock', row)}>{t('admin.unlock')}</Button>}
              {can.platform && <Button type="link" size="small" onClick={() => setPlatformOf(row)}>{t('admin.platform')}</Button>}
            </>
          )}
        />
      </div>
      <UserPlatformModal user={platformOf} onClose={() => setPlatformOf(null)} onDone={() => {
        setPlatformOf(null);
        void client.invalidateQueries({ queryKey: entityKey(userEntity) });
      }} />
      <UserRoleModal userId={granting} onClose={() => setGranting(null)} onDone={() => {
        void client.invalidateQueries({ queryKey: entityKey(userEntity) });
      }} />
    </div>
  );
}
