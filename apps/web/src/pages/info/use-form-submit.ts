import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The submit of a personal-info form: busy while the call runs, 操作成功 when it succeeds. A refusal
 * needs nothing here: the HTTP layer has shown the server's message.
 */
export function useFormSubmit<T>(action: (values: T) => Promise<void>, options: { announce?: boolean } = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const submit = async (values: T) => {
    setBusy(true);
    try {
      await action(values);
      // An action that leaves the page (a password change signs out) announces its own success.
      if (options.announce !== false) void message.success(t('crud.opSuccess'));
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit };
}
