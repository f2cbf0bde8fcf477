import type { FieldError } from '../errors';
import type { IdentityFieldCode } from './messages';

/**
 * An identity field as an ordered list of rules over its text (the lists are in
 * field-specs.ts). The zod (server) and valibot (browser) schemas both run these, so a
 * value passes or fails the same way, with the same code, on both sides.
 */

export type RuleParams = Readonly<Record<string, string | number>>;

export interface FieldRule {
  readonly code: IdentityFieldCode;
  readonly params?: RuleParams;
  /** `today` is the caller's date as YYYY-MM-DD (age rules need it). */
  readonly valid: (value: string, today: string) => boolean;
}

export interface TextFieldSpec {
  /** The code when the value is missing or blank. */
  readonly required: IdentityFieldCode;
  readonly optional?: true;
  /** Trim before the rules and for storage; off where spaces are an error or part of a secret. */
  readonly trim: boolean;
  readonly rules: readonly FieldRule[];
  /** The stored form of a valid value. */
  readonly normalize?: (value: string) => string;
}

export interface BrokenRule {
  readonly code: IdentityFieldCode;
  readonly params?: RuleParams;
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** The first rule the value breaks, or undefined when it passes. */
export function checkText(spec: TextFieldSpec, raw: string, now: Date): BrokenRule | undefined {
  const value = spec.trim ? raw.trim() : raw;
  if (value.trim() === '') return spec.optional ? undefined : { code: spec.required };
  const today = isoDay(now);
  const broken = spec.rules.find((rule) => !rule.valid(value, today));
  if (!broken) return undefined;
  return broken.params ? { code: broken.code, params: broken.params } : { code: broken.code };
}

/** The stored form of a value that passed `checkText`. */
export function cleanText(spec: TextFieldSpec, raw: string): string {
  const value = spec.trim ? raw.trim() : raw;
  if (value.trim() === '') return '';
  return spec.normalize ? spec.normalize(value) : value;
}

/** The params of a code reported on a field, from the field's own rules. */
function paramsOf(
  fields: Readonly<Record<string, TextFieldSpec>>,
  field: string,
  code: string,
): RuleParams | undefined {
  return fields[field]?.rules.find((rule) => rule.code === code)?.params;
}

/** Issues of either library (path of keys, message = code) as FieldErrors, one per field. */
export function toFieldErrors(
  fields: Readonly<Record<string, TextFieldSpec>>,
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
): FieldError[] {
  const errors = new Map<string, FieldError>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (errors.has(field)) continue;
    const params = paramsOf(fields, field, issue.message);
    errors.set(field, { field, code: issue.message, ...(params ? { params } : {}) });
  }
  return [...errors.values()];
}

/** A confirmation and the password it repeats. */
const CONFIRMATIONS = [
  ['reenterPassword', 'password'],
  ['confirmPassword', 'newPassword'],
] as const;

/**
 * The schema compares the passwords only when both are valid; the claimant still needs to
 * hear that the two differ while the first one is being fixed (not while it is empty).
 */
function mismatchesLeftOut(
  fields: Readonly<Record<string, TextFieldSpec>>,
  values: unknown,
  errors: readonly FieldError[],
): FieldError[] {
  const typed = (values ?? {}) as Record<string, unknown>;
  return CONFIRMATIONS.filter(
    ([confirm, password]) =>
      confirm in fields &&
      typeof typed[confirm] === 'string' &&
      typed[confirm] !== '' &&
      typed[password] !== '' &&
      typed[confirm] !== typed[password] &&
      !errors.some((error) => error.field === confirm),
  ).map(([confirm]) => ({ field: confirm, code: 'password.mismatch' }));
}

/** The errors found, and the confirmations that differ from their password left out of them. */
export function withMismatches(
  fields: Readonly<Record<string, TextFieldSpec>>,
  values: unknown,
  errors: FieldError[],
): FieldError[] {
  return [...errors, ...mismatchesLeftOut(fields, values, errors)];
}
