/**
 * Error codes the API returns in problem+json `code`; the UI maps each to a translated
 * message (site/src/i18n, key `errors.{code}`).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PRECONDITION_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_REUSED',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field error codes map to `errors.field.{code}` in the UI. */
export interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly fieldErrors: readonly FieldError[]) {
    super(`Invalid fields: ${fieldErrors.map((f) => `${f.field} (${f.code})`).join(', ')}`);
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
}

/**
 * A 403 for a staff session the OpenID Provider no longer vouches for (decision 118): the
 * role was taken or the grant refused; the session is gone and the person must sign in again.
 */
export class StaffSessionEndedError extends ForbiddenError {
  readonly fieldErrors: readonly FieldError[] = [{ field: 'session', code: 'staffSessionEnded' }];
}

/**
 * A 503 for a staff session the OpenID Provider has not vouched for longer than the grace,
 * because it does not answer (decision 118). The session is kept for when it answers again.
 */
export class StaffSessionUnconfirmedError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly fieldErrors: readonly FieldError[] = [
    { field: 'session', code: 'identityProviderUnavailable' },
  ];
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
}

/** A 409; `fieldErrors` name the field at fault when there is one (a claim number taken). */
export class ConflictError extends DomainError {
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/** A 428: the write must say which version its author read (If-Match). */
export class PreconditionRequiredError extends DomainError {
  readonly code = 'PRECONDITION_REQUIRED';
}

/** One field another person changed after the version a stale write was based on. */
export interface VersionChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
  /** Who changed it (an email), and when (ISO instant). */
  readonly by: string;
  readonly at: string;
}

/** A 409 for a write based on an old version: the current one, and what changed since. */
export class StaleVersionError extends ConflictError {
  constructor(
    message: string,
    readonly currentVersion: number,
    readonly changes: readonly VersionChange[],
  ) {
    super(message);
    this.name = 'StaleVersionError';
  }
}

/** A 413; `fieldErrors` name the field that made it so when the route knows (a letter). */
export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

/**
 * A 422 (IETF draft httpapi-idempotency-key-header): the Idempotency-Key was already used
 * for a different request body; nothing of this request is kept.
 */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
}
