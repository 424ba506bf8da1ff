// Short-lived confirmations ("Password changed") in a polite live region at the bottom of the screen.
import { useLingui } from '@lingui/react/macro';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';

type Tone = 'success' | 'info' | 'error';
interface Toast {
  id: number;
  message: string;
  tone: Tone;
}

const ToastContext = createContext<((message: string, tone?: Tone) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-2), { id, message, tone }]);
      setTimeout(() => {
        dismiss(id);
      }, 5000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext value={value}>
      {children}
      <div className="toast-region" aria-live="polite" aria-label={t`Notifications`}>
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            <span>{toast.message}</span>
            <button
              type="button"
              className="toast__close"
              aria-label={t`Dismiss`}
              onClick={() => {
                dismiss(toast.id);
              }}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

/** show(message, tone?) — without a provider (isolated tests) it does nothing. */
export function useToast(): (message: string, tone?: Tone) => void {
  return use(ToastContext) ?? noop;
}

function noop(): void {
  // no toast region mounted
}
