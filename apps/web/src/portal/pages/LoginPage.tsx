import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { TextInput } from '../components/controls';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { navigate, useAddress } from '../router';
import { signedIn, useSession } from '../session';
import { useSettings } from '../settings';

type Channel = 'sms' | 'email';
interface Captcha { key: string; image: string }
type CodeAnswer = { sent: true; expiresInSeconds: number } | { sent: false; registered: false };
interface SignInAnswer { accessToken: string; expiresAt: string | null; alumnus: { id: string; name: string } }

const PHONE = /^\+?[\d\s-]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^\d{6}$/;
const RESEND_SECONDS = 60;

/** Only a portal address is followed after sign-in (a link cannot send the alumnus elsewhere). */
const safeNext = (next: string | null) => (next && /^\/portal(\/|\?|$)/.test(next) && !next.startsWith('/portal/login') ? next : '/portal');

/**
 * 校友登录: a code sent by text to the phone the school holds (or by e-mail), asked for behind the
 * picture captcha of the staff sign-in; a phone the school does not know is offered /regist.
 */
export default function LoginPage() {
  const { t } = useT();
  const { tenantId, token } = useSession();
  const { query } = useAddress();
  const { settings } = useSettings();
  const next = safeNext(query.get('next'));
  const [channel, setChannel] = useState<Channel>('sms');
  const [target, setTarget] = useState('');
  const [captchaCode, setCaptchaCode] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'target' | 'captcha' | 'code', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token) navigate(next, { replace: true });
  }, [token, next]);

  const refreshCaptcha = useCallback(() => {
    setCaptchaCode('');
    fetch('/api/blade-auth/oauth/captcha', { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.json() as Promise<Captcha> : null))
      .then((answer) => setCaptcha(answer?.key ? answer : null), () => setCaptcha(null));
  }, []);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const targetError = () => (channel === 'sms' ? (PHONE.test(target.trim()) ? undefined : t('login.phoneInvalid')) : (EMAIL.test(target.trim()) ? undefined : t('login.emailInvalid')));

  const sendCode = async () => {
    const found = { target: targetError(), captcha: captchaCode.trim() ? undefined : t('login.captchaMissing') };
    setErrors(found);
    setProblem(null);
    setNotice(null);
    setUnknown(false);
    if (found.target || found.captcha || !captcha) return;
    setBusy(true);
    try {
      const answer = await api.post<CodeAnswer>('/auth/code', { tenantId, channel, target: target.trim(), captchaKey: captcha.key, captchaCode: captchaCode.trim() });
      if (answer.sent) {
        setNotice(t('login.codeSent', { minutes: Math.max(1, Math.round(answer.expiresInSeconds / 60)) }));
        setWait(RESEND_SECONDS);
      } else setUnknown(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
      refreshCaptcha(); // a captcha answers once
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { target: targetError(), code: CODE.test(code.trim()) ? undefined : t('login.codeInvalid') };
    setErrors(found);
    setProblem(null);
    if (found.target || found.code) return;
    setBusy(true);
    try {
      const answer = await api.post<SignInAnswer>('/auth/sign-in', { tenantId, channel, target: target.trim(), code: code.trim() });
      signedIn(answer.accessToken, answer.alumnus.name, answer.expiresAt);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const choose = (picked: Channel) => {
    setChannel(picked);
    setTarget('');
    setErrors({});
    setNotice(null);
    setUnknown(false);
  };

  return (
    <Shell title={settings?.schoolName || t('app.title')}>
      <form className="p-card p-login" onSubmit={submit} noValidate>
        <h2>{t('login.title')}</h2>
        <div className="p-tabs" role="tablist">
          {(['sms', 'email'] as const).map((one) => (
            <button key={one} type="button" role="tab" aria-selected={channel === one} className="p-tab" onClick={() => choose(one)}>
              {t(one === 'sms' ? 'login.bySms' : 'login.byEmail')}
            </button>
          ))}
        </div>
        <TextInput
          label={t(channel === 'sms' ? 'login.phone' : 'login.email')} error={errors.target} value={target}
          type={channel === 'sms' ? 'tel' : 'email'} inputMode={channel === 'sms' ? 'tel' : 'email'} autoComplete={channel === 'sms' ? 'tel' : 'email'}
          onChange={(event) => setTarget(event.target.value)}
        />
        <div className="p-captcha-row">
          <TextInput label={t('login.captcha')} error={errors.captcha} value={captchaCode} autoComplete="off" onChange={(event) => setCaptchaCode(event.target.value)} />
          <button type="button" className="p-captcha" onClick={refreshCaptcha} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
            {captcha ? <img src={captcha.image} alt={t('login.captchaImage')} /> : null}
          </button>
        </div>
        <button type="button" className="p-btn p-btn-block" disabled={busy || wait > 0} onClick={() => void sendCode()}>
          {wait > 0 ? t('login.resend', { seconds: wait }) : t('login.getCode')}
        </button>
        {notice ? <div className="p-alert p-alert-ok" role="status">{notice}</div> : null}
        {unknown ? (
          <div className="p-alert" role="status">
            <span>{t(channel === 'sms' ? 'login.unknownPhone' : 'login.unknownEmail')}</span>
            <a className="p-link" href={`/regist?tenantId=${encodeURIComponent(tenantId)}`}>{t('login.regist')}</a>
          </div>
        ) : null}
        <TextInput label={t('login.code')} error={errors.code} value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(event) => setCode(event.target.value)} />
        {problem ? <div className="p-alert p-alert-error" role="alert">{problem}</div> : null}
        <button type="submit" className="p-btn p-btn-primary p-btn-block" disabled={busy}>{t('login.submit')}</button>
        <p className="p-muted p-small">{t('login.hint')}</p>
      </form>
    </Shell>
  );
}
