import { message } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from '../lib/feedback';

/**
 * Holds the toasts of code that runs outside components (the HTTP layer). It uses the message hook
 * rather than antd's `<App>`, which also brings the modal and notification code: the sign-in page
 * loads this, and the signed-in layout adds `<App>` for `App.useApp()`.
 */
export function FeedbackBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  return holder;
}
