import {
  FORGOT_PASSWORD_FIELDS,
  PASSWORD_CHANGE_FIELDS,
  PROFILE_UPDATE_FIELDS,
  REGISTRATION_FIELDS,
  RESET_PASSWORD_FIELDS,
  SIGN_IN_CODE_FIELDS,
  SIGN_IN_FIELDS,
  VERIFICATION_FIELDS,
} from '../form-fields';
import {
  forgotPasswordFormSchema,
  passwordChangeFormSchema,
  profileUpdateFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
  signInCodeFormSchema,
  signInFormSchema,
  verificationFormSchema,
} from '../identity-forms';
import {
  forgotPasswordRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registrationRequestSchema,
  resetPasswordRequestSchema,
  signInCodeRequestSchema,
  signInRequestSchema,
  verificationRequestSchema,
} from '../identity-requests';
import type { FormUnderTest } from './form-check';
import { profileUpdateBody, registrationBody, VALID_PASSWORD } from './identity-fixtures';

/** The identity forms as both sides check them, and a valid body of each. */
export const FORMS = {
  registration: {
    server: registrationRequestSchema,
    browser: registrationFormSchema,
    fields: REGISTRATION_FIELDS,
  },
  profile: {
    server: profileUpdateRequestSchema,
    browser: profileUpdateFormSchema,
    fields: PROFILE_UPDATE_FIELDS,
  },
  passwordChange: {
    server: passwordChangeRequestSchema,
    browser: passwordChangeFormSchema,
    fields: PASSWORD_CHANGE_FIELDS,
  },
  reset: {
    server: resetPasswordRequestSchema,
    browser: resetPasswordFormSchema,
    fields: RESET_PASSWORD_FIELDS,
  },
  signIn: { server: signInRequestSchema, browser: signInFormSchema, fields: SIGN_IN_FIELDS },
  signInCode: {
    server: signInCodeRequestSchema,
    browser: signInCodeFormSchema,
    fields: SIGN_IN_CODE_FIELDS,
  },
  verification: {
    server: verificationRequestSchema,
    browser: verificationFormSchema,
    fields: VERIFICATION_FIELDS,
  },
  forgot: {
    server: forgotPasswordRequestSchema,
    browser: forgotPasswordFormSchema,
    fields: FORGOT_PASSWORD_FIELDS,
  },
} satisfies Record<string, FormUnderTest>;

export type FormName = keyof typeof FORMS;

export const VALID_BODIES: Record<FormName, Record<string, unknown>> = {
  registration: registrationBody(),
  profile: profileUpdateBody(),
  passwordChange: {
    currentPassword: 'Old#Secret9',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
  },
  reset: { recoveryCode: 'A7C2Q9', newPassword: VALID_PASSWORD, confirmPassword: VALID_PASSWORD },
  signIn: { email: 'marie@example.test', password: 'anything' },
  signInCode: { otp: '493817' },
  verification: { verificationCode: 'k3x9q2mz' },
  forgot: { email: 'marie@example.test' },
};

export interface RuleCase {
  readonly form: FormName;
  readonly field: string;
  readonly value: unknown;
  readonly code: string;
  readonly en: string;
  readonly fr: string;
  /** Other fields changed with this one, so that only this rule breaks. */
  readonly also?: Record<string, unknown>;
}

export const rule = (
  form: FormName,
  field: string,
  value: unknown,
  code: string,
  en: string,
  fr: string,
  also?: Record<string, unknown>,
): RuleCase => ({ form, field, value, code, en, fr, ...(also ? { also } : {}) });

export const long = (count: number, unit = 'a') => unit.repeat(count);

/** The confirmation field that repeats a password field. */
export const CONFIRMATION_OF: Readonly<Record<string, string>> = {
  password: 'reenterPassword',
  newPassword: 'confirmPassword',
};
