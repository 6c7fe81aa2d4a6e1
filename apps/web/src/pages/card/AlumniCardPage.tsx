import { CARD_STATE, CARD_STEPS, EXAMINE_STATUS, alumniCardEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { ExaminePage } from '../../entity/examine/ExaminePage';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';

const ACTIONS = [
  { to: CARD_STATE.suspended, key: 'suspend', danger: true },
  { to: CARD_STATE.active, key: 'reinstate', danger: false },
  { to: CARD_STATE.revoked, key: 'revoke', danger: true },
] as const;

/**
 * 电子校友卡: the applications in tabs by examination (待审核 first, 批量通过 / 驳回 with a reason), and
 * on an approved card the moves its state allows — 停用, 恢复, 注销 — each asked first.
 */
export default function AlumniCardPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const move = (row: Row, to: number, key: string, danger: boolean) => modal.confirm({
    title: t(`card.${key}Title`),
    content: t(`card.${key}Body`, { cardNo: String(row.cardNo ?? '') }),
    okText: t('card.ok'), cancelText: t('card.cancel'), okButtonProps: { danger },
    onOk: async () => {
      await postData(`${alumniCardEntity.api?.base}/state`, { id: String(row.id), cardState: to });
      void message.success(t('card.done'));
      await client.invalidateQueries({ queryKey: entityKey(alumniCardEntity) });
    },
  });
  return (
    <ExaminePage
      entity={alumniCardEntity}
      rowExtra={(row) => (buttons.alumnicard_state && Number(row.examineStatus) === EXAMINE_STATUS.approved
        ? ACTIONS.filter((a) => (CARD_STEPS[Number(row.cardState)] ?? []).includes(a.to)).map((a) => (
          <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => move(row, a.to, a.key, a.danger)}>{t(`card.${a.key}`)}</Button>
        ))
        : null)}
    />
  );
}
