import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../../api/auth';

/** The captcha the index page asked for before the scripts loaded (scripts/prerender-login.mjs), taken once. */
function takeEarlyCaptcha(): Promise<Captcha | null> | undefined {
  const holder = globalThis as { __loginCaptcha?: Promise<Captcha | null> };
  const early = holder.__loginCaptcha;
  delete holder.__loginCaptcha;
  return early;
}

/** The current captcha (single use) and a way to get a fresh one; the first is the index page's when it asked for one. */
export function useCaptcha(): { captcha: Captcha | null; refresh: () => void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);
  useEffect(() => {
    const early = takeEarlyCaptcha();
    if (!early) return refresh();
    let current = true;
    void early.then((answer) => {
      if (!current) return;
      if (answer?.key && answer.image) setCaptcha(answer);
      else refresh();
    });
    return () => { current = false; };
  }, [refresh]);
  return { captcha, refresh };
}
