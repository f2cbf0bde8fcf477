import * as v from 'valibot';
import type { FieldError } from '../errors';
import { type TextFieldSpec, toFieldErrors, withMismatches } from './field-checks';
import { LANGUAGE_INPUTS, toLanguage } from './field-rules';
import {
  FORGOT_PASSWORD_FIELDS,
  PASSWORD_CHANGE_FIELDS,
  PROFILE_UPDATE_FIELDS,
  REGISTRATION_FIELDS,
  RESET_PASSWORD_FIELDS,
  SIGN_IN_CODE_FIELDS,
  SIGN_IN_FIELDS,
  VERIFICATION_FIELDS,
} from './form-fields';
import { valibotFields, valibotIssuePaths } from './valibot-fields';

/**
 * The browser's identity forms (valibot): the same fields, rules and codes as
 * identity-requests.ts, for a small island bundle.
 */

const REQUEST_INVALID = 'request.invalid';

export const registrationFormSchema = (now: Date) =>
  v.pipe(
    v.object(
      {
        ...valibotFields(REGISTRATION_FIELDS, now),
        termsAccepted: v.literal(true, 'termsAccepted.required'),
        language: v.pipe(
          v.optional(v.picklist(LANGUAGE_INPUTS, 'language.invalidChoice')),
          v.transform((input) => toLanguage(input)),
        ),
      },
      REQUEST_INVALID,
    ),
    v.forward(
      v.partialCheck(
        [['reenterPassword'], ['password']],
        (values) => values.reenterPassword === values.password,
        'password.mismatch',
      ),
      ['reenterPassword'],
    ),
  );

export const profileUpdateFormSchema = (now: Date) =>
  v.object(
    {
      ...valibotFields(PROFILE_UPDATE_FIELDS, now),
      language: v.optional(v.picklist(LANGUAGE_INPUTS, 'language.invalidChoice')),
    },
    REQUEST_INVALID,
  );

export const signInFormSchema = (now: Date) =>
  v.object(valibotFields(SIGN_IN_FIELDS, now), REQUEST_INVALID);

export const signInCodeFormSchema = (now: Date) =>
  v.object(valibotFields(SIGN_IN_CODE_FIELDS, now), REQUEST_INVALID);

export const verificationFormSchema = (now: Date) =>
  v.object(valibotFields(VERIFICATION_FIELDS, now), REQUEST_INVALID);

export const forgotPasswordFormSchema = (now: Date) =>
  v.object(valibotFields(FORGOT_PASSWORD_FIELDS, now), REQUEST_INVALID);

export const resetPasswordFormSchema = (now: Date) =>
  v.pipe(
    v.object(valibotFields(RESET_PASSWORD_FIELDS, now), REQUEST_INVALID),
    v.forward(
      v.partialCheck(
        [['confirmPassword'], ['newPassword']],
        (values) => values.confirmPassword === values.newPassword,
        'password.mismatch',
      ),
      ['confirmPassword'],
    ),
  );

export const passwordChangeFormSchema = (now: Date) =>
  v.pipe(
    v.object(valibotFields(PASSWORD_CHANGE_FIELDS, now), REQUEST_INVALID),
    v.forward(
      v.partialCheck(
        [['confirmPassword'], ['newPassword']],
        (values) => values.confirmPassword === values.newPassword,
        'password.mismatch',
      ),
      ['confirmPassword'],
    ),
    v.forward(
      v.partialCheck(
        [['newPassword'], ['currentPassword']],
        (values) => values.newPassword !== values.currentPassword,
        'password.sameAsCurrent',
      ),
      ['newPassword'],
    ),
  );

export type FormCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: FieldError[] };

/** Checks form values in the browser: the first broken rule of each field, as the server reports it. */
export function checkIdentityForm<S extends v.GenericSchema>(
  schema: S,
  fields: Readonly<Record<string, TextFieldSpec>>,
  values: unknown,
): FormCheck<v.InferOutput<S>> {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.output };
  return {
    ok: false,
    errors: withMismatches(fields, values, toFieldErrors(fields, valibotIssuePaths(result.issues))),
  };
}
