import { reportedFieldErrors } from '@site/ui/field/field-errors';
import { apiFetch } from '../../api-client';
import { csrfHeaders } from '../../csrf';

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

/**
 * A same-origin JSON call on the client allow-list (apiFetch) that never throws on an HTTP
 * error; every non-safe method carries the CSRF header.
 */
export async function callApi(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await apiFetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', ...csrfHeaders() }),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: the status says enough.
    parsed = {};
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    status: response.status,
    body: parsed !== null && typeof parsed === 'object' ? (parsed as JsonObject) : {},
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
  };
}

export const postJson = (path: string, body: unknown = {}) => callApi('POST', path, body);

export const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The first field error's words, in the caller's language, when the server sent them. */
export function firstErrorMessage(body: JsonObject): string | undefined {
  const message = reportedFieldErrors(body)[0]?.message;
  return message === '' ? undefined : message;
}
