import { z } from 'zod';
import { ValidationError } from '../errors';
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
import { crossCheck, zodFields } from './zod-fields';

/**
 * The server's identity request bodies (zod). `now` dates the age rule. Issue messages are
 * identity field codes; `parseIdentityRequest` turns them into a ValidationError.
 */

const REQUEST_INVALID = 'request.invalid';
const language = z.enum(LANGUAGE_INPUTS, 'language.invalidChoice').optional().transform(toLanguage);

export const registrationRequestSchema = (now: Date) =>
  z
    .object(
      {
        ...zodFields(REGISTRATION_FIELDS, now),
        termsAccepted: z.literal(true, 'termsAccepted.required'),
        language,
      },
      REQUEST_INVALID,
    )
    .refine(
      (values) => values.reenterPassword === values.password,
      crossCheck('reenterPassword', 'password.mismatch', ['reenterPassword', 'password']),
    );

/** A full replacement of the updatable fields; the language is kept when left out. */
export const profileUpdateRequestSchema = (now: Date) =>
  z.object(
    {
      ...zodFields(PROFILE_UPDATE_FIELDS, now),
      language: z.enum(LANGUAGE_INPUTS, 'language.invalidChoice').optional(),
    },
    REQUEST_INVALID,
  );

export const signInRequestSchema = (now: Date) =>
  z.object(zodFields(SIGN_IN_FIELDS, now), REQUEST_INVALID);

export const signInCodeRequestSchema = (now: Date) =>
  z.object(zodFields(SIGN_IN_CODE_FIELDS, now), REQUEST_INVALID);

export const verificationRequestSchema = (now: Date) =>
  z.object(zodFields(VERIFICATION_FIELDS, now), REQUEST_INVALID);

export const forgotPasswordRequestSchema = (now: Date) =>
  z.object(zodFields(FORGOT_PASSWORD_FIELDS, now), REQUEST_INVALID);

export const resetPasswordRequestSchema = (now: Date) =>
  z
    .object(zodFields(RESET_PASSWORD_FIELDS, now), REQUEST_INVALID)
    .refine(
      (values) => values.confirmPassword === values.newPassword,
      crossCheck('confirmPassword', 'password.mismatch', ['confirmPassword', 'newPassword']),
    );

export const passwordChangeRequestSchema = (now: Date) =>
  z
    .object(zodFields(PASSWORD_CHANGE_FIELDS, now), REQUEST_INVALID)
    .refine(
      (values) => values.confirmPassword === values.newPassword,
      crossCheck('confirmPassword', 'password.mismatch', ['confirmPassword', 'newPassword']),
    )
    .refine(
      (values) => values.newPassword !== values.currentPassword,
      crossCheck('newPassword', 'password.sameAsCurrent', ['newPassword', 'currentPassword']),
    );

/** Parses a body, or throws a ValidationError with the first broken rule of each field. */
export function parseIdentityRequest<S extends z.ZodType>(
  schema: S,
  fields: Readonly<Record<string, TextFieldSpec>>,
  body: unknown,
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ValidationError(
    withMismatches(fields, body, toFieldErrors(fields, result.error.issues)),
  );
}

/** A sign-in flow named in a body: session/initiate and setup_mfa. */
export const flowIdRequestSchema = z.object({
  flowId: z.string('required').min(1, 'required').max(200, 'tooLong'),
});

/** BankTech's verify_user: the registration code, or `resend: true` for a new one. */
export const verifyUserRequestSchema = z.object({
  user_id: z.string('required').min(1, 'required').max(200, 'tooLong'),
  verification_code: z.string().optional(),
  resend: z.boolean().optional(),
});
