import { useEffect, useRef } from 'react';

/**
 * A success modal (spec §2, success modal variants): a native modal dialog, opened on
 * mount, with one action that leaves the page.
 */
function SuccessDialog({
  title,
  message,
  actionLabel,
  href,
}: {
  readonly title: string;
  readonly message: string;
  readonly actionLabel: string;
  readonly href: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className="success-dialog" aria-labelledby="success-dialog-title">
      <div className="success-dialog__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="success-dialog-title">{title}</h2>
      <p>{message}</p>
      <p className="actions">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's only action takes the focus */}
        <a className="button button--primary" href={href} autoFocus>
          {actionLabel}
        </a>
      </p>
    </dialog>
  );
}

/** What the page shows once an account step is done: the message and its action, also as a modal. */
export function SuccessScreen(props: {
  readonly title: string;
  readonly message: string;
  readonly actionLabel: string;
  readonly href: string;
}) {
  return (
    <>
      <div className="panel">
        <p>{props.message}</p>
        <a className="button button--primary" href={props.href}>
          {props.actionLabel}
        </a>
      </div>
      <SuccessDialog {...props} />
    </>
  );
}
