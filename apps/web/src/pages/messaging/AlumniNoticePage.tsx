import { PUBLISH_STATUS, alumniNoticeEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useOpenRoute } from '../../layout/use-open-route';
import { useMenuStore } from '../../stores/menu-store';

/** Notices for alumni 通知管理 (DOMAIN 8.1): the generic page with publish/withdraw and push. */
export default function AlumniNoticePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const open = useOpenRoute();
  const buttons = useMenuStore((s) => s.buttons);

  const setStatus = (row: Row, publishStatus: number) => modal.confirm({
    title: String(row.title),
    content: t(publishStatus === PUBLISH_STATUS.published ? 'push.publishConfirm' : 'push.withdrawConfirm'),
    onOk: async () => {
      await postData(`${alumniNoticeEntity.api?.base ?? ''}/submit`, { id: row.id, publishStatus });
      void message.success(t(publishStatus === PUBLISH_STATUS.published ? 'push.publishDone' : 'push.withdrawDone'));
      await client.invalidateQueries({ queryKey: entityKey(alumniNoticeEntity) });
    },
  });

  return (
    <EntityPage
      entity={alumniNoticeEntity}
      dialogWidth={960}
      rowActions={(row) => {
        const status = Number(row.publishStatus);
        return (
          <>
            {buttons.alumninotice_publish && (status === PUBLISH_STATUS.published
              ? <Button type="link" size="small" onClick={() => setStatus(row, PUBLISH_STATUS.withdrawn)}>{t('push.withdraw')}</Button>
              : <Button type="link" size="small" onClick={() => setStatus(row, PUBLISH_STATUS.published)}>{t('push.publish')}</Button>)}
            {buttons.noticepush_add && status === PUBLISH_STATUS.published && (
              <Button type="link" size="small" onClick={() => open(`/message/noticepush?noticeId=${String(row.id)}`)}>{t('push.push')}</Button>
            )}
          </>
        );
      }}
    />
  );
}
