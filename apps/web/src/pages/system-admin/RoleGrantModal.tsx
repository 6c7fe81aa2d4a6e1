import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { GrantDialog, type GrantNode, type GrantSection } from '../../components/grant/GrantDialog';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];
const TAB_LABEL: Record<Kind, string> = { menu: 'admin.grantMenus', dataScope: 'admin.grantDataScopes', apiScope: 'admin.grantApiScopes' };

interface Props {
  role: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * A role's grant in one dialog: menus and buttons (saved with their parents), data scopes and API
 * scopes (each scope under its menu; the menus only group them), from grant-tree with
 * role-tree-keys ticked; saved together by role/grant.
 */
export function RoleGrantModal({ role, onClose }: Props) {
  const { t } = useTranslation();
  const roleId = role?.id ?? '';
  const load = async (): Promise<GrantSection[]> => {
    const [trees, keys] = await Promise.all([
      getData<Partial<Record<Kind, GrantNode[]>>>('/blade-system/menu/grant-tree'),
      getData<Partial<Record<Kind, string[]>>>('/blade-system/menu/role-tree-keys', { roleIds: roleId }),
    ]);
    return KINDS.map((kind) => ({ key: kind, label: t(TAB_LABEL[kind]), tree: trees[kind] ?? [], stored: keys[kind] ?? [], mode: kind === 'menu' ? 'withParents' : 'leaves' }));
  };
  const save = (grants: Record<string, string[]>) => postData('/blade-system/role/grant', {
    roleIds: [roleId], menuIds: grants.menu ?? [], dataScopeIds: grants.dataScope ?? [], apiScopeIds: grants.apiScope ?? [],
  });
  // The role's name is data: it is shown as entered, beside the label in the interface's language.
  const title = <>{t('admin.grantTitle', { name: '' })}<span data-user-data>{role?.name ?? ''}</span></>;
  return <GrantDialog open={!!role} title={title} load={load} loadKey={roleId} save={save} onClose={onClose} />;
}
