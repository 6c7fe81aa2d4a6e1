import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../../api/auth';

/** The current captcha (single use) and a way to get a fresh one. */
export function useCaptcha(): { captcha: Captcha | null; refresh: () => void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);
  useEffect(refresh, [refresh]);
  return { captcha, refresh };
}
