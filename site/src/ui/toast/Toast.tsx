import { useEffect } from 'react';

export interface ToastMessage {
  readonly kind: 'success' | 'error';
  readonly text: string;
  /** Distinguishes two toasts with the same text, so the second restarts the timer. */
  readonly id: number;
}

/** Toasts hide after 5 seconds (staff spec §9). */
const TOAST_MILLISECONDS = 5_000;

/**
 * One transient message. The live region is always in the page so screen readers announce
 * what appears in it; errors are assertive, confirmations polite.
 */
export function Toast({
  toast,
  dismissLabel,
  onDismiss,
}: {
  toast: ToastMessage | undefined;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  useEffect(() => {
    if (!toast) return undefined;
    const timer = window.setTimeout(onDismiss, TOAST_MILLISECONDS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className="toast-region">
      <div role="status" aria-live="polite">
        {toast?.kind === 'success' && <ToastBody toast={toast} {...{ dismissLabel, onDismiss }} />}
      </div>
      <div role="alert">
        {toast?.kind === 'error' && <ToastBody toast={toast} {...{ dismissLabel, onDismiss }} />}
      </div>
    </div>
  );
}

function ToastBody({
  toast,
  dismissLabel,
  onDismiss,
}: {
  toast: ToastMessage;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  return (
    <div className={`toast toast--${toast.kind}`}>
      <p>{toast.text}</p>
      <button type="button" className="toast__close" aria-label={dismissLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
