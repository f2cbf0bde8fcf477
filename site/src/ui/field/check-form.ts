import * as v from 'valibot';

/**
 * Checks form values against a contracts' valibot schema (the rules the API applies) and
 * keeps the first broken rule of each field: its message, which the contracts set to the
 * error code the server would answer.
 */
export function firstIssueByField<F extends string>(
  schema: v.GenericSchema,
  values: unknown,
): Partial<Record<F, string>> {
  const parsed = v.safeParse(schema, values, { abortPipeEarly: true });
  if (parsed.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of parsed.issues) {
    const field = String(issue.path?.[0]?.key ?? '') as F;
    errors[field] ??= issue.message;
  }
  return errors;
}
