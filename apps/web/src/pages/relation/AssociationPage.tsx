import { associationEntity, associationMemberEntity } from '@alumni/domain';
import { Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';

/**
 * 校友会 (DOMAIN 5.1): the general association and its branches; 成员 opens the association's
 * members, added from the alumni library.
 */
export default function AssociationPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Row | null>(null);
  const params = useMemo(() => (open ? { associationId: open.id } : undefined), [open]);
  const preset = useMemo(() => (open ? { associationId: open.id } : undefined), [open]);
  // The council and size of each association (DOMAIN 5.1), answered by the list beside the row.
  const columns = useMemo(() => (['presidentName', 'secretaryGeneralName', 'memberCount'] as const).map((key) => ({
    key, dataIndex: key, title: t(`relation.${key}`), width: key === 'memberCount' ? 90 : 110,
  })), [t]);
  return (
    <>
      <EntityPage
        entity={associationEntity}
        dialogWidth={960}
        extraColumns={columns}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>{t('relation.members')}</Button>
        )}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={1100}
        title={open ? t('relation.membersOf', { name: String(open.associationName ?? '') }) : ''}
        destroyOnHidden
      >
        {open && (
          <EntityPage
            entity={associationMemberEntity}
            keepInAddress={false}
            extraParams={params}
            presetValues={preset}
            regionLabel={t('relation.members')}
            fieldOverrides={{ associationId: { disabled: true } }}
          />
        )}
      </Drawer>
    </>
  );
}
