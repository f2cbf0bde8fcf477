import type { ReactNode } from 'react';

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

export interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly children: (aria: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  readonly after?: ReactNode;
  readonly fieldClassName?: string | undefined;
}

/** A label, the control, then its hint and error underneath (so controls side by side line up). */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
  after,
  fieldClassName,
}: FieldFrameProps) {
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
