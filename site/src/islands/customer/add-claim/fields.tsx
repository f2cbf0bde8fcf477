import type { ReactNode } from 'react';

interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly error?: string;
  readonly children: (describedBy: string | undefined) => ReactNode;
}

/** Label, hint and error of one field, tied to the control by id and aria-describedby. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every control of the wizard carries: no native validation bubbles, our own messages. */
export const controlProps = (
  id: string,
  error: string | undefined,
  describedBy?: string,
  required = true,
) => ({
  id,
  name: id,
  'aria-required': required,
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': describedBy,
});
