import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { Empty, ErrorLine, Field, Loading, TextArea, TextInput } from '../components/controls';
import { toast } from '../components/feedback';
import { minute } from '../components/PagedList';
import { useT } from '../i18n';
import { useLoad } from '../use-load';
import type { MeField } from './MePage';

interface ConsentChange { channel: 'sms' | 'email' | 'inApp' | 'wechat'; granted: boolean; time: string }

/** The history of my consent, read when opened (and again after each change while open). */
export function ConsentHistory({ round }: { round: number }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <details className="p-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('me.history')}</summary>
      {open ? <HistoryList key={round} /> : null}
    </details>
  );
}

function HistoryList() {
  const { t } = useT();
  const history = useLoad<ConsentChange[]>('/me/consent/history');
  if (history.loading) return <Loading />;
  if (history.error) return <ErrorLine message={history.error} retryText={t('common.retry')} onRetry={history.reload} />;
  if (!history.data?.length) return <Empty>{t('me.noHistory')}</Empty>;
  return (
    <ul className="p-list p-list-flat">
      {history.data.map((change, index) => (
        <li key={`${change.time}-${index}`} className="p-row p-small">
          <span>{t(`me.channel.${change.channel}`)} · {t(change.granted ? 'me.granted' : 'me.withdrawn')}</span>
          <time className="p-muted">{minute(change.time)}</time>
        </li>
      ))}
    </ul>
  );
}

const VALUE_MAX = 200;
const REASON_MAX = 500;

/** A correction of one item of my record, with the reason; the staff examine it before it applies. */
export function CorrectionForm({ fields }: { fields: MeField[] }) {
  const { t } = useT();
  const [key, setKey] = useState(fields[0]?.key ?? '');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const check = (text: string, field: string, max: number) =>
    !text.trim() ? t('common.required', { field }) : text.length > max ? t('common.tooLong', { field, max }) : undefined;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = { value: check(value, t('me.newValue'), VALUE_MAX), reason: check(reason, t('me.reason'), REASON_MAX) };
    setErrors(found);
    if (found.value || found.reason || !key) return;
    setBusy(true);
    try {
      await api.post<{ id: string }>('/me/correction', { changes: { [key]: value.trim() }, reason: reason.trim() });
      setValue('');
      setReason('');
      toast(t('me.correctionSent'));
    } catch (failure) {
      toast(failure instanceof ApiError ? failure.message : String(failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (fields.length === 0) return null;
  return (
    <form className="p-card" onSubmit={send} noValidate aria-labelledby="p-correction">
      <h2 id="p-correction">{t('me.correction')}</h2>
      <Field label={t('me.field')}>
        {(props) => (
          <select className="p-input" {...props} value={key} onChange={(event) => setKey(event.target.value)}>
            {fields.map((field) => <option key={field.key} value={field.key}>{field.label}</option>)}
          </select>
        )}
      </Field>
      <TextInput label={t('me.newValue')} value={value} error={errors.value} maxLength={VALUE_MAX} onChange={(event) => setValue(event.target.value)} />
      <TextArea label={t('me.reason')} value={reason} error={errors.reason} maxLength={REASON_MAX} rows={3} onChange={(event) => setReason(event.target.value)} />
      <button type="submit" className="p-btn p-btn-primary p-btn-block" disabled={busy}>{t('me.correction')}</button>
    </form>
  );
}
