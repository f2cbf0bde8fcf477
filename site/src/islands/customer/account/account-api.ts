import { reportedFieldErrors } from '@site/ui/field/field-errors';

/** The identity screens' call to the API (sign-in, registration, recovery, verification, profile). */

/** The product API's timeout (spec §9). */
const API_TIMEOUT_MS = 30_000;

export type JsonObject = Readonly<Record<string, unknown>>;

export interface ApiAnswer {
  readonly status: number;
  readonly body: JsonObject;
  /** Whole seconds from the Retry-After header of a 429, when given. */
  readonly retryAfter: number | undefined;
}

/** What every identity call adds to its typed-client options. */
export interface CallOptions {
  readonly headers: { readonly accept: 'application/json' };
  readonly signal: AbortSignal;
}

/** A typed-client call's outcome (openapi-fetch): its JSON, parsed, and the response. */
interface Sent {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * A call of the typed client (customerApi: the allow-list, the CSRF header on writes) that
 * never throws on an HTTP error: `send` names the operation, with the options given.
 */
export async function callApi(send: (options: CallOptions) => Promise<Sent>): Promise<ApiAnswer> {
  const { data, error, response } = await send({
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  // A body that is not JSON reaches here as a string: the status says enough.
  const parsed = data ?? error;
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    status: response.status,
    body: parsed !== null && typeof parsed === 'object' ? (parsed as JsonObject) : {},
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
  };
}

export const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The first field error's words, in the caller's language, when the server sent them. */
export function firstErrorMessage(body: JsonObject): string | undefined {
  const message = reportedFieldErrors(body)[0]?.message;
  return message === '' ? undefined : message;
}
