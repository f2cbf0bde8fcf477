import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly text: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * A modal question on the native <dialog>: showModal() gives the focus trap, Escape and the
 * inert background without a library (decision 025). Focus starts on the safe answer.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!props.open && element.open) element.close();
  }, [props.open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <p id={textId}>{props.text}</p>
      <div className="confirm-dialog__actions">
        <button
          ref={cancel}
          type="button"
          className="button button--secondary"
          onClick={props.onCancel}
        >
          {props.cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
