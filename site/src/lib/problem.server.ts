import { claimEtag } from '@contracts/api/claim-etag';
import { problemTitle } from '@contracts/api/problem-titles';
import { SEARCH_MESSAGES } from '@contracts/claims/claim-search';
import { DocumentIntegrityError } from '@contracts/claims/document-integrity';
import { DraftChangedError, DraftSubmittedError } from '@contracts/claims/draft-conflicts';
import { claimMessage, isClaimMessageCode } from '@contracts/claims/messages';
import {
  ConflictError,
  DomainError,
  type ErrorCode,
  type FieldError,
  PayloadTooLargeError,
  StaffSessionEndedError,
  StaffSessionUnconfirmedError,
  StaleVersionError,
  ValidationError,
} from '@contracts/errors';
import { EventIdConflictError, WrongExpectedRevisionError } from '@contracts/event-store';
import { identityMessage, isIdentityMessageCode } from '@contracts/identity/messages';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { portalMetrics } from '@infra/metrics/metrics';
import { isMessageKey, type Lang, t } from '@site/i18n/i18n';
import { isDependencyUnavailable } from './dependency-unavailable.server';

export const RETRY_AFTER_SECONDS = 5;

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Postgres or the document store out of reach: try again shortly; nothing was saved. */
export function serviceUnavailableResponse(requestId: string, lang: Lang = 'en'): Response {
  const response = problem('SERVICE_UNAVAILABLE', requestId, lang);
  response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
  return response;
}

/** A method the route does not answer; `Allow` lists those it does. */
export function methodNotAllowedResponse(
  requestId: string,
  allow: string,
  lang: Lang = 'en',
): Response {
  const response = problem('METHOD_NOT_ALLOWED', requestId, lang);
  response.headers.set('allow', allow);
  return response;
}

export function notFoundResponse(requestId: string, lang: Lang = 'en'): Response {
  return problem('NOT_FOUND', requestId, lang);
}

/** A 403; `errors` name what the request lacked when that helps its author (a CSRF token). */
export function forbiddenResponse(
  requestId: string,
  lang: Lang = 'en',
  errors: readonly FieldError[] = [],
): Response {
  const extra = errors.length > 0 ? { errors: errors.map((e) => withMessage(e, lang)) } : {};
  return problem('FORBIDDEN', requestId, lang, extra);
}

/** A 415: the body is not of the media type the route reads. */
export function unsupportedMediaTypeResponse(requestId: string, lang: Lang = 'en'): Response {
  return problem('UNSUPPORTED_MEDIA_TYPE', requestId, lang, {
    errors: [withMessage({ field: 'Content-Type', code: 'expectedJson' }, lang)],
  });
}

/** A real server fault: no detail, only the id that finds it in the log. */
export function internalErrorResponse(requestId: string, lang: Lang = 'en'): Response {
  return problem('INTERNAL_ERROR', requestId, lang);
}

/** The title in the caller's language, from the one table of titles (contracts/api/problem-titles.ts). */
function problem(
  code: ErrorCode,
  requestId: string,
  lang: Lang,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: problemTitle(code, lang),
      status: STATUS[code],
      code,
      requestId,
      ...extra,
    }),
    { status: STATUS[code], headers: { 'content-type': 'application/problem+json' } },
  );
}

/**
 * The one place typed errors become HTTP answers. Anything else is a bug and is rethrown,
 * so it is logged and answered as a 500 by the server, never hidden behind a mapped code.
 */
export function toProblemResponse(error: unknown, requestId: string, lang: Lang = 'en'): Response {
  if (error instanceof DocumentIntegrityError) {
    portalMetrics().documentIntegrityRefusals.inc({ copy: error.refused.copy });
  }
  if (error instanceof ValidationError) {
    return problem(error.code, requestId, lang, {
      errors: error.fieldErrors.map((e) => withMessage(e, lang)),
    });
  }
  if (error instanceof DraftChangedError) {
    const response = problem(error.code, requestId, lang, {
      reason: error.reason,
      etag: error.draft.etag,
      changes: error.changes,
      draft: error.draft,
    });
    response.headers.set('etag', error.draft.etag);
    return response;
  }
  if (error instanceof DraftSubmittedError) {
    return problem(error.code, requestId, lang, {
      reason: error.reason,
      submissionId: error.submissionId,
      confirmationNumber: error.confirmationNumber,
    });
  }
  if (error instanceof StaleVersionError) {
    const response = problem(error.code, requestId, lang, {
      currentVersion: error.currentVersion,
      changes: error.changes,
    });
    response.headers.set('etag', claimEtag(error.currentVersion));
    return response;
  }
  if (error instanceof StaffSessionUnconfirmedError) {
    const response = problem(error.code, requestId, lang, {
      errors: error.fieldErrors.map((e) => withMessage(e, lang)),
    });
    response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    return response;
  }
  if (
    (error instanceof ConflictError ||
      error instanceof PayloadTooLargeError ||
      error instanceof StaffSessionEndedError) &&
    error.fieldErrors.length > 0
  ) {
    return problem(error.code, requestId, lang, {
      errors: error.fieldErrors.map((e) => withMessage(e, lang)),
    });
  }
  if (error instanceof DomainError) return problem(error.code, requestId, lang);
  if (error instanceof RateLimitedError) {
    portalMetrics().rateLimitRefusals.inc({ limit: error.limit, reason: error.reason });
    const response = problem(error.code, requestId, lang, { reason: error.reason });
    response.headers.set('retry-after', String(error.retryAfterSeconds));
    return response;
  }
  if (error instanceof WrongExpectedRevisionError || error instanceof EventIdConflictError) {
    return problem('CONFLICT', requestId, lang);
  }
  if (isDependencyUnavailable(error)) return serviceUnavailableResponse(requestId, lang);
  throw error;
}

/** Adds the words of a claim rule in the caller's language, so every client shows the same text. */
function withMessage(error: FieldError, lang: Lang): FieldError & { message?: string } {
  if (isClaimMessageCode(error.code)) {
    return { ...error, message: claimMessage(error.code, lang, error.params) };
  }
  if (isIdentityMessageCode(error.code)) {
    return { ...error, message: identityMessage(error.code, lang, error.params) };
  }
  if (Object.hasOwn(SEARCH_MESSAGES, error.code)) {
    return { ...error, message: SEARCH_MESSAGES[error.code as keyof typeof SEARCH_MESSAGES] };
  }
  const generic = `errors.field.${error.code}`;
  if (isMessageKey(generic)) return { ...error, message: t(lang, generic, error.params) };
  return error;
}
