import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { ErrorLine, Loading, TextInput } from '../components/controls';
import { toast } from '../components/feedback';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import './card.css';

type Status = 'none' | 'pending' | 'rejected' | 'active' | 'suspended' | 'revoked' | 'expired';
interface Card {
  id: string; cardNo: string; name: string; photo: string | null; department: string | null; speciality: string | null;
  year: number | null; validFrom: string | null; validUntil: string | null; status: Status; statusLabel: string;
}
interface CardAnswer {
  status: Status; statusLabel: string; applyTime?: string | null; opinion?: string | null;
  school: { name: string; logoUrl: string | null }; benefits: string[]; card: Card | null;
}

/** 电子校友卡: the application with its real-name check, then the card with its code that changes every minute. */
export default function CardPage() {
  const { t } = useT();
  const loaded = useLoad<CardAnswer>('/card');
  const answer = loaded.data;
  const canApply = answer && ['none', 'rejected', 'revoked', 'expired'].includes(answer.status);
  return (
    <Shell title={t('section.card')} back="/portal">
      {loaded.error ? <ErrorLine message={loaded.error} retryText={t('common.retry')} onRetry={loaded.reload} /> : null}
      {!answer && !loaded.error ? <Loading /> : null}
      {answer?.card ? <CardView answer={answer} card={answer.card} /> : null}
      {answer && answer.status === 'pending' ? (
        <section className="p-card" aria-live="polite">
          <h2>{t('card.pendingTitle')}</h2>
          <p className="p-muted">{t('card.pendingHint', { time: String(answer.applyTime ?? '').slice(0, 16) })}</p>
        </section>
      ) : null}
      {answer && answer.status === 'rejected' ? (
        <section className="p-card" role="status">
          <h2>{t('card.rejectedTitle')}</h2>
          <p>{t('card.rejectedReason')}<span data-user-data="">{answer.opinion ?? ''}</span></p>
        </section>
      ) : null}
      {canApply ? <ApplyForm onApplied={loaded.reload} /> : null}
    </Shell>
  );
}

function ApplyForm({ onApplied }: { onApplied: () => void }) {
  const { t } = useT();
  const { tenantId } = useSession();
  const [name, setName] = useState('');
  const [idCardNo, setIdCardNo] = useState('');
  const [errors, setErrors] = useState<{ name?: string; idCardNo?: string }>({});
  const [refusal, setRefusal] = useState<{ message: string; register: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(name.trim() ? {} : { name: t('common.required', { field: t('card.name') }) }),
      ...(idCardNo.trim() ? {} : { idCardNo: t('common.required', { field: t('card.idCardNo') }) }),
    };
    setErrors(problems);
    setRefusal(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await api.post('/card/apply', { name: name.trim(), idCardNo: idCardNo.trim() });
      toast(t('card.applied'));
      onApplied();
    } catch (failure) {
      const register = failure instanceof ApiError && !!(failure.data as { register?: boolean } | null | undefined)?.register;
      setRefusal({ message: failure instanceof Error ? failure.message : String(failure), register });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="p-card" onSubmit={send} noValidate aria-labelledby="p-card-apply">
      <h2 id="p-card-apply">{t('card.applyTitle')}</h2>
      <p className="p-muted p-small">{t('card.applyHint')}</p>
      <TextInput label={t('card.name')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="name" maxLength={30} />
      <TextInput label={t('card.idCardNo')} value={idCardNo} onChange={(e) => setIdCardNo(e.target.value)} error={errors.idCardNo} autoComplete="off" maxLength={30} />
      {refusal ? (
        <div className="p-alert p-alert-error" role="alert">
          <span>{refusal.message}</span>
          {refusal.register ? <a className="p-link" href={`/regist?tenantId=${encodeURIComponent(tenantId)}`}>{t('card.register')}</a> : null}
        </div>
      ) : null}
      <div className="p-actions">
        <button type="submit" className="p-btn p-btn-primary" disabled={busy}>{t('card.apply')}</button>
      </div>
    </form>
  );
}

function CardView({ answer, card }: { answer: CardAnswer; card: Card }) {
  const { t } = useT();
  const [back, setBack] = useState(false);
  const klass = [card.department, card.speciality, card.year ? t('card.year', { year: card.year }) : null].filter(Boolean).join(' · ');
  return (
    <section className="p-card c-wrap" aria-label={t('section.card')}>
      {!back ? (
        <div className={`c-card${card.status === 'active' ? '' : ' c-card-off'}`}>
          <div className="c-head">
            {answer.school.logoUrl ? <img src={answer.school.logoUrl} alt="" className="c-logo" /> : null}
            <span className="c-school" data-user-data="">{answer.school.name}</span>
            <span className="c-kind">{t('card.kind')}</span>
          </div>
          <div className="c-body">
            {card.photo ? <img src={card.photo} alt={t('card.photo')} className="c-photo" /> : null}
            <div>
              <div className="c-name" data-user-data="">{card.name}</div>
              <div className="c-class" data-user-data="">{klass}</div>
              <div className="c-line">{t('card.number')}<span className="c-mono" data-user-data="">{card.cardNo}</span></div>
              <div className="c-line">{t('card.validity')}<span data-user-data="">{`${card.validFrom ?? ''} – ${card.validUntil ?? ''}`}</span></div>
            </div>
          </div>
          {card.status === 'active' ? <RotatingCode /> : <p className="c-state" role="status">{card.statusLabel}</p>}
        </div>
      ) : (
        <div className="c-card c-back">
          <h2>{t('card.benefits')}</h2>
          {answer.benefits.length > 0
            ? <ul className="c-benefits">{answer.benefits.map((b) => <li key={b} data-user-data="">{b}</li>)}</ul>
            : <p className="p-muted">{t('card.noBenefits')}</p>}
        </div>
      )}
      <div className="p-actions">
        <button type="button" className="p-btn" onClick={() => setBack(!back)}>{back ? t('card.front') : t('card.back')}</button>
      </div>
    </section>
  );
}

/** The card's QR and digits, fetched again as each minute ends; the QR library loads with this page only. */
function RotatingCode() {
  const { t } = useT();
  const [code, setCode] = useState<{ code: string; image: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const answer = await api.get<{ code: string; expiresInSeconds: number }>('/card/code');
        const QRCode = (await import('qrcode')).default;
        const image = await QRCode.toDataURL(answer.code, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
        if (!live) return;
        setCode({ code: answer.code, image });
        setError(null);
        timer = setTimeout(() => setRound((n) => n + 1), answer.expiresInSeconds * 1000 + 300);
      } catch (failure) {
        if (live) setError(failure instanceof Error ? failure.message : String(failure));
      }
    })();
    return () => { live = false; if (timer) clearTimeout(timer); };
  }, [round]);
  if (error) return <ErrorLine message={error} retryText={t('common.retry')} onRetry={() => setRound((n) => n + 1)} />;
  if (!code) return <Loading />;
  const digits = code.code.slice(code.code.lastIndexOf('-') + 1);
  return (
    <div className="c-code">
      <img src={code.image} alt={t('card.qr')} className="c-qr" data-code={code.code} />
      <div className="c-digits" aria-label={t('card.digits')}>{digits}</div>
      <p className="p-muted p-small">{t('card.codeHint')}</p>
    </div>
  );
}
