import type { FieldError } from '@contracts/errors';

/**
 * Field errors, wherever they come from: the browser's check against the contracts' valibot
 * rules, or the `errors[]` of a problem+json answer. Both carry the same codes, so one
 * function puts either under its field.
 */

/** A field error as the API reports it; the server may add its words in `message`. */
export type ReportedFieldError = FieldError & { readonly message?: string };

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The `errors[]` of a problem+json body, keeping only well-formed entries. */
export function reportedFieldErrors(body: unknown): ReportedFieldError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is ReportedFieldError =>
      error !== null &&
      typeof error === 'object' &&
      typeof (error as ReportedFieldError).field === 'string' &&
      typeof (error as ReportedFieldError).code === 'string',
  );
}

/**
 * The first error of each field the form shows, in words; the words of errors on any other
 * field come back in `other`, for the form to show at its top.
 */
export function errorsByField<F extends string>(
  errors: readonly ReportedFieldError[],
  fields: readonly F[],
  textOf: (error: ReportedFieldError) => string | undefined,
): { readonly byField: FieldErrors<F>; readonly other: string[] } {
  const byField: FieldErrors<F> = {};
  const other: string[] = [];
  for (const error of errors) {
    const text = textOf(error);
    if ((fields as readonly string[]).includes(error.field)) {
      byField[error.field as F] ??= text ?? error.code;
    } else if (text) {
      other.push(text);
    }
  }
  return { byField, other };
}

/** The first field, in form order, that has an error. */
export function firstErrorField<F extends string>(
  order: readonly F[],
  errors: FieldErrors<F>,
): F | undefined {
  return order.find((field) => errors[field]);
}

/** Moves focus to the first field, in form order, that has an error (after the render shows it). */
export function focusFirstError<F extends string>(
  order: readonly F[],
  errors: FieldErrors<F>,
  idOf: (field: F) => string = (field) => field,
): void {
  const first = firstErrorField(order, errors);
  if (first === undefined) return;
  requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
}
