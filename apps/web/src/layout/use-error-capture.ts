import { useEffect } from 'react';
import { recordError } from '../lib/client-log';

/** While signed in, errors nobody caught (thrown or rejected) are recorded for the log dialog. */
export function useErrorCapture(): void {
  useEffect(() => {
    const onError = (event: ErrorEvent) => recordError(event.error ?? event.message, 'window.onerror');
    const onRejection = (event: PromiseRejectionEvent) => {
      // Failed calls were already shown by the HTTP layer; they are not interface errors.
      const reason: unknown = event.reason;
      if (reason instanceof Error && (reason.name === 'ApiError' || reason.name === 'TransportError')) return;
      // A form that refused its values has shown its messages beside the fields; that is no error.
      if (isFormValidation(reason)) return;
      recordError(reason, 'unhandledrejection');
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}

/** The rejection of a form's `validateFields()`: `{errorFields, values}`. */
function isFormValidation(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && Array.isArray((reason as { errorFields?: unknown }).errorFields);
}
