import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useT } from '../i18n';

/**
 * Toasts and confirmations of the portal: module-level queues any page calls into, shown by one
 * host each in the shell (no context to thread through).
 */
interface Toast { id: number; text: string; kind: 'ok' | 'error' }
interface Ask { text: string; danger: boolean; resolve: (yes: boolean) => void }

let toasts: Toast[] = [];
let asking: Ask | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function toast(text: string, kind: Toast['kind'] = 'ok'): void {
  const id = nextId++;
  toasts = [...toasts, { id, text, kind }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((one) => one.id !== id);
    emit();
  }, kind === 'error' ? 6000 : 3500);
}

/** Asks before a step that cannot be taken back; answers whether the alumnus confirmed. */
export function confirmStep(text: string, danger = true): Promise<boolean> {
  asking?.resolve(false);
  return new Promise((resolve) => {
    asking = { text, danger, resolve };
    emit();
  });
}

export function Toasts() {
  const shown = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="p-toasts" role="status" aria-live="polite">
      {shown.map((one) => <div key={one.id} className={`p-toast p-toast-${one.kind}`}>{one.text}</div>)}
    </div>
  );
}

export function ConfirmHost() {
  const { t } = useT();
  const ask = useSyncExternalStore(subscribe, () => asking);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (ask && !element.open) element.showModal();
    if (!ask && element.open) element.close();
  }, [ask]);
  const answer = (yes: boolean) => {
    const current = asking;
    asking = null;
    emit();
    current?.resolve(yes);
  };
  return (
    <dialog ref={dialog} className="p-dialog" aria-labelledby="p-confirm-text" onCancel={(event) => { event.preventDefault(); answer(false); }}>
      <p id="p-confirm-text">{ask?.text}</p>
      <div className="p-dialog-actions">
        <button type="button" className="p-btn" onClick={() => answer(false)}>{t('common.cancel')}</button>
        <button type="button" className={`p-btn ${ask?.danger ? 'p-btn-danger' : 'p-btn-primary'}`} onClick={() => answer(true)}>{t('common.confirm')}</button>
      </div>
    </dialog>
  );
}
