import { type Language, toLanguage } from '@contracts/identity/field-rules';
import { identityMessage, isIdentityMessageCode } from '@contracts/identity/messages';
import {
  errorsByField,
  type FieldErrors,
  type ReportedFieldError,
  reportedFieldErrors,
} from '@site/ui/field/field-errors';
import type { ApiAnswer, JsonObject } from './account-api';

/** The identity service's codes in the page's language, as the server words them. */

export type { Language } from '@contracts/identity/field-rules';
export const languageOf = (lang: string): Language => toLanguage(lang);

/** The words of a field error: the shared identity text of its code, as the server uses. */
function identityText(language: Language) {
  return (error: ReportedFieldError): string | undefined =>
    isIdentityMessageCode(error.code)
      ? identityMessage(error.code, language, error.params ?? {})
      : error.message;
}

/** Field errors (from the browser's check or a 400's body) by field, in the page's language. */
export function identityErrors<F extends string>(
  errors: readonly ReportedFieldError[] | JsonObject,
  fields: readonly F[],
  language: Language,
): { readonly byField: FieldErrors<F>; readonly other: string[] } {
  const list = Array.isArray(errors) ? errors : reportedFieldErrors(errors);
  return errorsByField(list, fields, identityText(language));
}

/** "Too many requests, try again in N seconds", from a 429's Retry-After (60 s when absent). */
export function rateLimitedText(answer: ApiAnswer, language: Language): string {
  return identityMessage('rateLimited.tooManyRequests', language, {
    seconds: answer.retryAfter ?? 60,
  });
}
