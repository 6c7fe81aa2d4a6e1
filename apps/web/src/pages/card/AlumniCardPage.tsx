import { CARD_REASON_MAX, CARD_STATE, CARD_STEPS, EXAMINE_STATUS, alumniCardEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
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
 * on an approved card the moves its state allows — 停用, 恢复, 注销 — each asked first, with its
 * reason (required to suspend or revoke); each change shows in the card's history.
 */
export default function AlumniCardPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const buttons = useMenuStore((s) => s.buttons);
  const move = (row: Row, to: number, key: string, danger: boolean) => {
    // Suspending or revoking needs its reason (kept in the card's history); reinstating may give one.
    const required = to !== CARD_STATE.active;
    const reason = { value: '', show: (_error: string | null) => undefined as void };
    modal.confirm({
      title: t(`card.${key}Title`),
      content: (
        <>
          <p>{t(`card.${key}Body`, { cardNo: String(row.cardNo ?? '') })}</p>
          <ReasonInput label={required ? t('card.reason') : t('card.reasonOptional')} required={required} holder={reason} />
        </>
      ),
      okText: t('card.ok'), cancelText: t('card.cancel'), okButtonProps: { danger },
      onOk: async () => {
        const text = reason.value.trim();
        const error = required && text === '' ? t('card.reasonRequired')
          : [...text].length > CARD_REASON_MAX ? t('card.reasonTooLong', { max: CARD_REASON_MAX }) : null;
        reason.show(error);
        // A refused reason keeps the dialog open.
        if (error) throw new Error(error);
        await postData(`${alumniCardEntity.api?.base}/state`, { id: String(row.id), cardState: to, reason: text });
        void message.success(t('card.done'));
        await client.invalidateQueries({ queryKey: entityKey(alumniCardEntity) });
      },
    });
  };
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

/** The reason of a state change inside its confirmation; `holder` carries the text out and the refusal in. */
function ReasonInput({ label, required, holder }: {
  label: string; required: boolean; holder: { value: string; show: (error: string | null) => void };
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  holder.show = setError;
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={label} required={required} htmlFor="card-state-reason" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
        <Input.TextArea id="card-state-reason" rows={2} maxLength={CARD_REASON_MAX} showCount autoFocus
          placeholder={t('card.reasonPlaceholder')}
          onChange={(e) => { holder.value = e.target.value; if (error) setError(null); }} />
      </Form.Item>
    </Form>
  );
}
