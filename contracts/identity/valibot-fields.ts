import * as v from 'valibot';
import { checkText, cleanText, type TextFieldSpec } from './field-checks';

/** The browser twin of `zodText`: the same rules, codes and stored form, in valibot. */
function valibotText(
  spec: TextFieldSpec,
  now: Date,
): v.GenericSchema<string | null | undefined, string> {
  return v.pipe(
    v.nullish(v.string(spec.required)),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const broken = checkText(spec, dataset.value ?? '', now);
      if (broken) addIssue({ message: broken.code });
    }),
    v.transform((raw) => cleanText(spec, raw ?? '')),
  );
}

export function valibotFields<F extends Readonly<Record<string, TextFieldSpec>>>(
  fields: F,
  now: Date,
): { [K in keyof F]: v.GenericSchema<string | null | undefined, string> } {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => [name, valibotText(spec, now)]),
  ) as { [K in keyof F]: v.GenericSchema<string | null | undefined, string> };
}

/** Valibot issues as the `{ path, message }` pairs `toFieldErrors` reads. */
export function valibotIssuePaths(issues: readonly v.BaseIssue<unknown>[]) {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((item) => item.key as PropertyKey),
    message: issue.message,
  }));
}
