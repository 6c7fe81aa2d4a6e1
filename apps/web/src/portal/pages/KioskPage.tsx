import { useState } from 'react';
import { ErrorLine } from '../components/controls';
import { minute } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { api, ApiError } from '../api';
import { useT } from '../i18n';
import { useAddress } from '../router';

interface Result { outcome: 'checkedIn' | 'already'; signInTime: string; activity: { id: string; title: string } }

/** 自助签到: opened by scanning the activity's QR code at the venue; checks my confirmed application in. */
export default function KioskPage({ params }: { params: Record<string, string> }) {
  const { t } = useT();
  const { query } = useAddress();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const checkIn = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.post<Result>(`/kiosk/${encodeURIComponent(params.activityId ?? '')}/check-in`, { k: query.get('k') ?? '' }));
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell title={t('kiosk.title')} back="/portal">
      <div className="p-card">
        {result ? (
          <div role="status" className="p-kiosk-done">
            <h2 data-user-data="">{result.activity.title}</h2>
            <p>{result.outcome === 'checkedIn' ? t('kiosk.done') : t('kiosk.already', { time: minute(result.signInTime) })}</p>
          </div>
        ) : (
          <>
            <p>{t('kiosk.hint')}</p>
            <button type="button" className="p-btn p-btn-primary" disabled={busy} onClick={() => void checkIn()}>{t('kiosk.checkIn')}</button>
          </>
        )}
        {error ? <ErrorLine message={error} retryText={t('common.retry')} onRetry={() => void checkIn()} /> : null}
      </div>
    </Shell>
  );
}
