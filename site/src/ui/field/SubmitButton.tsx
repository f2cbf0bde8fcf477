/** A form's primary action: disabled and saying so while the form is being sent. */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  disabled = false,
  className,
}: {
  readonly label: string;
  readonly busyLabel: string;
  readonly busy: boolean;
  readonly disabled?: boolean;
  readonly className?: string | undefined;
}) {
  return (
    <button
      type="submit"
      className={className ? `button button--primary ${className}` : 'button button--primary'}
      disabled={busy || disabled}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
