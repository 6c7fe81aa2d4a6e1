import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { GrantDialog, type GrantNode, type GrantSection } from '../../components/grant/GrantDialog';
import { splitIds } from '../../entity/ids-value';

interface Props {
  /** The user whose roles are set, or null when the dialog is closed. */
  userId: string | null;
  onClose: () => void;
  onDone: () => void;
}

/** A user's roles (`/blade-user/grant`), opened with the roles the user holds (the user's detail) ticked. */
export function UserRoleModal({ userId, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const load = async (): Promise<GrantSection[]> => {
    const [tree, user] = await Promise.all([
      getData<GrantNode[]>('/blade-system/role/tree'),
      getData<{ roleId?: string | null }>('/blade-user/detail', { id: userId ?? '' }),
    ]);
    return [{ key: 'role', tree, stored: splitIds(user.roleId), mode: 'independent' }];
  };
  return (
    <GrantDialog
      open={!!userId}
      title={t('admin.grantRoles')}
      width={520}
      load={load}
      loadKey={userId ?? ''}
      refuse={(grants) => ((grants.role ?? []).length === 0 ? t('admin.rolesRequired') : null)}
      save={(grants) => postData('/blade-user/grant', undefined, { userIds: userId ?? '', roleIds: (grants.role ?? []).join(',') })}
      onClose={onClose}
      onSaved={onDone}
    />
  );
}
