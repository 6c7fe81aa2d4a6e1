import { useState, type FormEvent } from 'react';
import { api, ApiError, download } from '../api';
import { Empty, ErrorLine, Field, Loading, TextArea } from '../components/controls';
import { confirmStep, toast } from '../components/feedback';
import { minute } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT, type TextKey } from '../i18n';
import { useLoad } from '../use-load';

type Kind = 'correction' | 'deletion';
interface RequestRow { id: string; kind: Kind | 'withdraw'; state: string | number; stateLabel?: string; deadline: string | null; time: string | null }

const DETAIL_MAX = 2000;

/** 隐私与数据 (PIPL art. 44–47): my data as a file, a correction or deletion request, withdrawing every consent. */
export default function PrivacyPage() {
  const { t } = useT();
  const requests = useLoad<RequestRow[]>('/privacy/requests');
  const [kind, setKind] = useState<Kind>('correction');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const fail = (failure: unknown) => toast(failure instanceof ApiError ? failure.message : String(failure), 'error');

  const exportAs = async (format: 'json' | 'html') => {
    try {
      const name = await download(`/privacy/export?format=${format}`, `my-data.${format}`);
      toast(t('privacy.downloaded', { name }));
    } catch (failure) {
      fail(failure);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !detail.trim() ? t('common.required', { field: t('privacy.detail') })
      : detail.length > DETAIL_MAX ? t('common.tooLong', { field: t('privacy.detail'), max: DETAIL_MAX }) : undefined;
    setError(problem);
    if (problem) return;
    if (kind === 'deletion' && !(await confirmStep(t('privacy.deletionConfirm')))) return;
    setBusy(true);
    try {
      const answer = await api.post<{ id: string; deadline: string | null }>('/privacy/requests', { kind, detail: detail.trim() });
      setDetail('');
      toast(answer.deadline ? t('privacy.sent', { deadline: answer.deadline.slice(0, 10) }) : t('privacy.sentNoDeadline'));
      requests.reload();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const withdrawAll = async () => {
    if (!(await confirmStep(t('privacy.withdrawConfirm')))) return;
    try {
      await api.post('/me/consent/withdraw-all');
      toast(t('privacy.withdrawn'));
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <Shell title={t('section.privacy')} back="/portal">
      <section className="p-card" aria-labelledby="p-export">
        <h2 id="p-export">{t('privacy.exportTitle')}</h2>
        <p className="p-muted p-small">{t('privacy.exportHint')}</p>
        <div className="p-actions">
          <button type="button" className="p-btn" onClick={() => void exportAs('json')}>{t('privacy.exportJson')}</button>
          <button type="button" className="p-btn" onClick={() => void exportAs('html')}>{t('privacy.exportHtml')}</button>
        </div>
      </section>
      <form className="p-card" onSubmit={send} noValidate aria-labelledby="p-request">
        <h2 id="p-request">{t('privacy.requestTitle')}</h2>
        <Field label={t('privacy.kind')}>
          {(props) => (
            <select className="p-input" {...props} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              <option value="correction">{t('privacy.kind.correction')}</option>
              <option value="deletion">{t('privacy.kind.deletion')}</option>
            </select>
          )}
        </Field>
        <TextArea label={t('privacy.detail')} value={detail} error={error} maxLength={DETAIL_MAX} onChange={(event) => setDetail(event.target.value)} />
        <button type="submit" className={`p-btn p-btn-block ${kind === 'deletion' ? 'p-btn-danger' : 'p-btn-primary'}`} disabled={busy}>{t('privacy.submit')}</button>
      </form>
      <section className="p-card" aria-labelledby="p-requests">
        <h2 id="p-requests">{t('privacy.requests')}</h2>
        {requests.loading ? <Loading /> : null}
        {requests.error ? <ErrorLine message={requests.error} retryText={t('common.retry')} onRetry={requests.reload} /> : null}
        {requests.data?.length === 0 ? <Empty>{t('privacy.noRequests')}</Empty> : null}
        {requests.data?.length ? (
          <ul className="p-list p-list-flat">
            {requests.data.map((request) => (
              <li key={request.id} className="p-row">
                <span className="p-row-title">
                  {t(`privacy.kind.${request.kind}` as TextKey)}
                  <span className="p-muted p-small p-block"><time>{minute(request.time)}</time>{request.deadline ? <> · {t('privacy.deadline')} <time>{request.deadline.slice(0, 10)}</time></> : null}</span>
                </span>
                <span className="p-badge">{request.stateLabel || String(request.state)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="p-card p-danger-zone" aria-labelledby="p-withdraw">
        <h2 id="p-withdraw">{t('privacy.withdrawTitle')}</h2>
        <p className="p-muted p-small">{t('privacy.withdrawHint')}</p>
        <button type="button" className="p-btn p-btn-danger p-btn-block" onClick={() => void withdrawAll()}>{t('privacy.withdrawAll')}</button>
      </section>
    </Shell>
  );
}
