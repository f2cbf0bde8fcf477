import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { describedBy as describedByIds, FieldFrame } from './FieldFrame';

/** What every framed control takes besides its own element's attributes. */
interface FramedProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly after?: ReactNode;
  readonly fieldClassName?: string | undefined;
}

/** The frame's props apart from the control's own. */
function framing<P extends FramedProps>(props: P) {
  const { id, label, hint, error, after, fieldClassName, ...control } = props;
  return [{ id, label, hint, error, after, fieldClassName }, control] as const;
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FramedProps;

/** A text input in the field frame; its name is its id unless given. */
export function TextField(props: TextFieldProps) {
  const [frame, input] = framing(props);
  return (
    <FieldFrame {...frame}>{(aria) => <input name={frame.id} {...input} {...aria} />}</FieldFrame>
  );
}

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FramedProps & { readonly children: ReactNode };

export function SelectField(props: SelectFieldProps) {
  const [frame, { children, ...select }] = framing(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <select name={frame.id} {...select} {...aria}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'children'
> &
  Pick<FramedProps, 'id' | 'error' | 'fieldClassName'> & {
    /** The label's content: a checkbox label may hold a link. */
    readonly label: ReactNode;
    /** Errors shown elsewhere that concern this box too (its document kind's error list). */
    readonly describedBy?: string | undefined;
  };

/** A checkbox before its label, its error underneath, wired like every other field. */
export function CheckboxField({
  id,
  label,
  error,
  describedBy,
  fieldClassName = 'field field--checkbox',
  ...input
}: CheckboxFieldProps) {
  return (
    <div className={fieldClassName}>
      <input
        id={id}
        name={id}
        type="checkbox"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(describedBy, error && `${id}-error`)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
