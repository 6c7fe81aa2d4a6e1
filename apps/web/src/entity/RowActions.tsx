import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  canView: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  extra?: ReactNode;
  /** One action under another (the ⋯ menu of a row on a phone). */
  vertical?: boolean;
}

/** View / edit / delete of one row, each only when the user holds its button. */
export function RowActions({ canView, canEdit, canDelete, onView, onEdit, onDelete, extra, vertical }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0} orientation={vertical ? 'vertical' : 'horizontal'} align={vertical ? 'start' : undefined} className={vertical ? 'row-actions-menu' : undefined} onClick={(e) => e.stopPropagation()}>
      {canView && <Button type="link" size="small" onClick={onView}>{t('crud.view')}</Button>}
      {canEdit && <Button type="link" size="small" onClick={onEdit}>{t('crud.edit')}</Button>}
      {canDelete && <Button type="link" size="small" danger onClick={onDelete}>{t('crud.delete')}</Button>}
      {extra}
    </Space>
  );
}
