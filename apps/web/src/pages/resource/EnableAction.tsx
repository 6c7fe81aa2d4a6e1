import type { EntityDef } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { entityKey } from '../../entity/use-entity-list';
import { useCan } from '../../stores/menu-store';

/** The row button that makes a storage or SMS configuration the tenant's enabled one. */
export function EnableAction({ entity, row }: { entity: EntityDef; row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const allowed = useCan(`${entity.permission}_enable`);
  if (!allowed) return null;
  if (Number(row.enabled) === 1) return <Button type="link" size="small" disabled>{t('resource.enabled')}</Button>;
  const enable = async () => {
    await http.post(`${entity.api?.base as string}/enable`, undefined, { params: { id: row.id } });
    message.success(t('resource.enableOk'));
    await client.invalidateQueries({ queryKey: entityKey(entity) });
  };
  return <Button type="link" size="small" onClick={() => void enable().catch(() => undefined)}>{t('resource.enable')}</Button>;
}
