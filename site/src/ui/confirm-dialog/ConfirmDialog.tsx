import { useId, useRef } from 'react';
import { Dialog } from '../dialog/Dialog';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly text: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** A yes/no question in a modal; focus starts on the safe answer. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const textId = useId();
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      initialFocus={cancel}
      describedBy={textId}
      className="confirm-dialog"
    >
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
    </Dialog>
  );
}
