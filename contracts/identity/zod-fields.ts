import { z } from 'zod';
import { checkText, cleanText, type TextFieldSpec } from './field-checks';
import type { IdentityFieldCode } from './messages';

/**
 * A text field as a zod schema running the field's rules: missing, null and blank are one
 * case (the field's `required` code, or '' when optional); the output is the stored form.
 */
function zodText(spec: TextFieldSpec, now: Date): z.ZodType<string> {
  // A required field that is missing or not a string is refused with its `required` code by
  // z.string itself; its input is then described as what it is (a required string) in the
  // OpenAPI document generated from this schema.
  const text = z.string(spec.required);
  return (spec.optional ? text.nullish() : text).transform((raw, ctx) => {
    const broken = checkText(spec, raw ?? '', now);
    if (!broken) return cleanText(spec, raw ?? '');
    ctx.issues.push({ code: 'custom', message: broken.code, input: raw });
    return z.NEVER;
  });
}

export function zodFields<F extends Readonly<Record<string, TextFieldSpec>>>(
  fields: F,
  now: Date,
): { [K in keyof F]: z.ZodType<string> } {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => [name, zodText(spec, now)]),
  ) as { [K in keyof F]: z.ZodType<string> };
}

/** Runs a check across fields only once each of them has passed its own rules, as valibot's partialCheck does. */
function whenValid(fields: readonly string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => {
      const first = issue.path?.[0];
      return first === undefined || fields.includes(String(first));
    });
}

/** The options of a refine reported on `field`, run once `fields` passed their own rules. */
export const crossCheck = (field: string, code: IdentityFieldCode, fields: readonly string[]) => ({
  path: [field],
  message: code,
  when: whenValid(fields),
});
