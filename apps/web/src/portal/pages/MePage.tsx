import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { ErrorLine, Loading, Switch } from '../components/controls';
import { confirmStep, toast } from '../components/feedback';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { navigate } from '../router';
import { signedOut } from '../session';
import { useLoad } from '../use-load';
import { ConsentHistory, CorrectionForm } from './me-parts';

type Channel = 'sms' | 'email' | 'inApp';
type Visible = 'phone' | 'email' | 'employer';
export interface MeField { key: string; label: string; value: string | null }
interface Me { id: string; name: string; fields: MeField[]; consent: Record<Channel, boolean>; visibility: Record<Visible, boolean> }

const CHANNELS: Channel[] = ['sms', 'email', 'inApp'];
const VISIBLE: Visible[] = ['phone', 'email', 'employer'];

/** 我的信息: my record as the school holds it, my consent per channel, my visibility to other alumni, a correction request. */
export default function MePage() {
  const { t } = useT();
  const me = useLoad<Me>('/me');
  const [consent, setConsent] = useState<Record<Channel, boolean> | null>(null);
  const [visibility, setVisibility] = useState<Record<Visible, boolean> | null>(null);
  const [historyRound, setHistoryRound] = useState(0);
  useEffect(() => {
    if (me.data) {
      setConsent(me.data.consent);
      setVisibility(me.data.visibility);
    }
  }, [me.data]);

  const fail = (failure: unknown) => toast(failure instanceof ApiError ? failure.message : String(failure), 'error');

  const changeConsent = async (channel: Channel, next: boolean) => {
    const name = t(`me.channel.${channel}`);
    if (!next && !(await confirmStep(t('me.consentOffConfirm', { channel: name })))) return;
    try {
      setConsent(await api.put<Record<Channel, boolean>>('/me/consent', { [channel]: next }));
      setHistoryRound((n) => n + 1);
      toast(t(next ? 'me.consentOn' : 'me.consentOff', { channel: name }));
    } catch (failure) {
      fail(failure);
    }
  };

  const changeVisibility = async (field: Visible, next: boolean) => {
    try {
      setVisibility(await api.put<Record<Visible, boolean>>('/me/visibility', { [field]: next }));
      toast(t('me.saved'));
    } catch (failure) {
      fail(failure);
    }
  };

  const signOut = async () => {
    try {
      await api.post('/auth/sign-out');
    } catch {
      // the token is forgotten here either way
    }
    signedOut();
    toast(t('login.signedOut'));
    navigate('/portal/login', { replace: true });
  };

  return (
    <Shell title={t('section.me')} back="/portal" active="me">
      {me.loading ? <Loading /> : null}
      {me.error ? <ErrorLine message={me.error} retryText={t('common.retry')} onRetry={me.reload} /> : null}
      {me.data ? (
        <>
          <section className="p-card" aria-labelledby="p-record">
            <h2 id="p-record">{t('me.record')}</h2>
            <dl className="p-fields">
              {me.data.fields.map((field) => (
                <div key={field.key}><dt>{field.label}</dt><dd data-user-data="">{field.value || '—'}</dd></div>
              ))}
            </dl>
            <p className="p-muted p-small">{t('me.recordHint')}</p>
          </section>
          <section className="p-card" aria-labelledby="p-consent">
            <h2 id="p-consent">{t('me.consent')}</h2>
            {consent ? CHANNELS.map((channel) => (
              <Switch key={channel} label={t(`me.channel.${channel}`)} checked={consent[channel]} onChange={(next) => void changeConsent(channel, next)} />
            )) : null}
            <ConsentHistory round={historyRound} />
          </section>
          <section className="p-card" aria-labelledby="p-visibility">
            <h2 id="p-visibility">{t('me.visibility')}</h2>
            <p className="p-muted p-small">{t('me.visibilityHint')}</p>
            {visibility ? VISIBLE.map((field) => (
              <Switch key={field} label={t(`me.vis.${field}`)} checked={visibility[field]} onChange={(next) => void changeVisibility(field, next)} />
            )) : null}
          </section>
          <CorrectionForm fields={me.data.fields} />
        </>
      ) : null}
      <button type="button" className="p-btn p-btn-block" onClick={() => void signOut()}>{t('common.signOut')}</button>
    </Shell>
  );
}
