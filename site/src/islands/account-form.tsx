import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type Language, PASSWORD, toLanguage } from '@contracts/identity/field-rules';
import { passwordRuleFailures } from '@contracts/identity/field-specs';
import { identityMessage, isIdentityMessageCode } from '@contracts/identity/messages';
import { csrfHeaders } from './csrf';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import type { IslandTranslate } from './messages';

/**
 * What the account islands share (registration, forgot/reset password, profile): the API
 * call, field error words, labelled fields, the password requirements and the success dialog.
 */

export type { Language } from '@contracts/identity/field-rules';
export const languageOf = (lang: string): Language => toLanguage(lang);

/** The product API's timeout (spec §9). */
const API_TIMEOUT_MS = 30_000;

export type JsonObject = Readonly<Record<string, unknown>>;

export interface ApiAnswer {
  readonly status: number;
  readonly body: JsonObject;
  /** Seconds from the Retry-After header of a 429, when given. */
  readonly retryAfter: number | undefined;
}

/** A same-origin JSON call; every non-safe method carries the CSRF header. */
export async function callApi(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', ...csrfHeaders() }),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    status: response.status,
    body: parsed !== null && typeof parsed === 'object' ? (parsed as JsonObject) : {},
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

export const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export interface ReportedFieldError {
  readonly field: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly message?: string;
}

/** The `errors[]` of a problem+json answer, when it has any. */
export function reportedFieldErrors(body: JsonObject): ReportedFieldError[] {
  const errors = body.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is ReportedFieldError =>
      error !== null &&
      typeof error === 'object' &&
      typeof (error as ReportedFieldError).field === 'string' &&
      typeof (error as ReportedFieldError).code === 'string',
  );
}

/** The words of a field error: the shared identity text of its code, as the server uses. */
export function fieldErrorText(error: ReportedFieldError, language: Language): string | undefined {
  if (isIdentityMessageCode(error.code)) {
    return identityMessage(error.code, language, error.params ?? {});
  }
  return error.message;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Field errors by field (the first one of each), for the fields the form shows; errors on
 * any other field come back in `other` so the form can show them at its top.
 */
export function errorsByField<F extends string>(
  errors: readonly ReportedFieldError[],
  fields: readonly F[],
  language: Language,
): { readonly byField: FieldErrors<F>; readonly other: string[] } {
  const byField: FieldErrors<F> = {};
  const other: string[] = [];
  for (const error of errors) {
    const text = fieldErrorText(error, language);
    if ((fields as readonly string[]).includes(error.field)) {
      byField[error.field as F] ??= text ?? error.code;
    } else if (text) {
      other.push(text);
    }
  }
  return { byField, other };
}

/** Moves focus to the first field, in form order, that has an error. */
export function focusFirstError<F extends string>(
  order: readonly F[],
  errors: FieldErrors<F>,
  idOf: (field: F) => string = (field) => field,
): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
}

/** The field errors of a 400 answer, in the page's language, by field. */
export function serverFieldErrors<F extends string>(
  body: JsonObject,
  fields: readonly F[],
  language: Language,
): { readonly byField: FieldErrors<F>; readonly other: string[] } {
  return errorsByField(reportedFieldErrors(body), fields, language);
}

/** Shows errors under their fields and moves focus to the first of them. */
export function showFieldErrors<F extends string>(
  errors: readonly ReportedFieldError[],
  fields: readonly F[],
  language: Language,
  setErrors: (errors: FieldErrors<F>) => void,
): void {
  const { byField } = errorsByField(errors, fields, language);
  setErrors(byField);
  focusFirstError(fields, byField);
}

/** `mm:ss` of a number of seconds. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Seconds left until `until` (epoch ms), ticking every second; 0 when passed or unknown. */
export function useSecondsUntil(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === undefined || until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly after?: ReactNode;
  readonly fieldClassName?: string | undefined;
};

export function TextField({
  id,
  label,
  hint,
  error,
  after,
  fieldClassName,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      after={after}
      fieldClassName={fieldClassName}
    >
      {(aria) => <input name={id} {...input} {...aria} />}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly children: ReactNode;
  readonly fieldClassName?: string | undefined;
};

export function SelectField({
  id,
  label,
  hint,
  error,
  children,
  fieldClassName,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} fieldClassName={fieldClassName}>
      {(aria) => (
        <select name={id} {...select} {...aria}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** Each line of the requirements list, with the rule codes it stands for. */
const PASSWORD_REQUIREMENTS = [
  ['length', ['password.tooShort', 'password.tooLong']],
  ['uppercase', ['password.noUppercase']],
  ['lowercase', ['password.noLowercase']],
  ['digit', ['password.noDigit']],
  ['special', ['password.noSpecial']],
  ['unique', ['password.tooFewUnique']],
  ['repeated', ['password.repeatedCharacters']],
  ['word', ['password.containsPassword']],
] as const;

/**
 * The password-requirements toggle (spec §2): a button that shows or hides the rules; once
 * something is typed each rule shows whether the password meets it.
 */
export function PasswordRequirements({
  id,
  password,
  t,
}: {
  readonly id: string;
  readonly password: string;
  readonly t: IslandTranslate;
}) {
  const [open, setOpen] = useState(false);
  const failures: readonly string[] = password ? passwordRuleFailures(password) : [];
  return (
    <div className="password-rules">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {t(open ? 'register.passwordRules.hide' : 'register.passwordRules.show')}
      </button>
      <div id={id} hidden={!open} className="password-rules__list">
        <p>{t('register.passwordRules.heading')}</p>
        <ul>
          {PASSWORD_REQUIREMENTS.map(([key, codes]) => {
            const state = !password
              ? 'unknown'
              : codes.some((code) => failures.includes(code))
                ? 'unmet'
                : 'met';
            return (
              <li key={key} className={`password-rule password-rule--${state}`}>
                {state !== 'unknown' && (
                  <span className="visually-hidden">
                    {t(
                      state === 'met'
                        ? 'register.passwordRules.met'
                        : 'register.passwordRules.notMet',
                    )}{' '}
                  </span>
                )}
                {t(`register.passwordRules.${key}`, { characters: PASSWORD.specialCharacters })}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/**
 * A success modal (spec §2, success modal variants): a native modal dialog, opened on
 * mount, with one action that leaves the page.
 */
export function SuccessDialog({
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
