import type { ReactNode } from 'react';

/** The ids that describe a control, or nothing when there are none. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
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
  /** The hint between label and control, for a control that is read after its instructions. */
  readonly hintAbove?: boolean | undefined;
  /** Announce the error when it appears (an error the server gave, not one from typing). */
  readonly liveError?: boolean | undefined;
}

/**
 * The one field frame of both portals: a label, the control, then its hint and error
 * underneath (so controls side by side line up), the control described by both.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
  after,
  fieldClassName,
  hintAbove,
  liveError,
}: FieldFrameProps) {
  const hintText = hint && (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  );
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hintAbove && hintText}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
      })}
      {!hintAbove && hintText}
      {error && (
        <p id={`${id}-error`} className="field-error" role={liveError ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
