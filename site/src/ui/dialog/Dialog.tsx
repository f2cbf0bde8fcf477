import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** The element to focus when the dialog opens; the dialog's first focusable one otherwise. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly describedBy?: string;
  readonly className?: string;
}

/**
 * A modal on the native <dialog>: showModal() gives the focus trap, Escape and the inert
 * background without a library (decision 025). Focus goes back where it was on close.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  initialFocus,
  describedBy,
  className,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const returnTo = document.activeElement as HTMLElement | null;
      element.showModal();
      initialFocus?.current?.focus();
      return () => returnTo?.focus();
    }
    if (!open && element.open) element.close();
    return undefined;
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialog}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {open && children}
    </dialog>
  );
}

/** The closing row of an information dialog: one Close button. */
export function DialogCloseRow({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onClose}>
        {label}
      </button>
    </div>
  );
}
