import { csrfHeaders } from '@site/islands/csrf';
import { STAFF_SIGN_IN } from './admin-paths';

export interface ProblemFieldError {
  readonly field: string;
  readonly code: string;
  readonly message?: string;
}

/** A refused staff call, with the problem+json the API answered. */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: readonly ProblemFieldError[] = [],
    /** The whole problem+json body (a stale save's currentVersion and changes, decision 048). */
    readonly problem: Readonly<Record<string, unknown>> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/**
 * A call on the staff API. Staff spec §6: a 401 (or the spec's 418) means the session is
 * gone, so the browser goes to sign-in; other refusals reach the caller as StaffApiError.
 */
export async function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const unsafe = init.method !== undefined && init.method !== 'GET';
  const response = await fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: {
      ...(unsafe ? { 'content-type': 'application/json', ...csrfHeaders() } : {}),
      ...init.headers,
    },
  });
  if (response.status === 401 || response.status === 418) {
    window.location.assign(STAFF_SIGN_IN);
    throw new StaffApiError(response.status);
  }
  if (!response.ok) {
    const problem = await problemBody(response);
    const errors = Array.isArray(problem.errors) ? (problem.errors as ProblemFieldError[]) : [];
    throw new StaffApiError(response.status, errors, problem);
  }
  return response;
}

export async function staffJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await (await staffFetch(path, init)).json()) as T;
}

/** A JSON body and the version its ETag names (a claim read or saved). */
export async function staffJsonVersioned<T>(
  path: string,
  init?: RequestInit,
): Promise<{ readonly body: T; readonly etag: string }> {
  const response = await staffFetch(path, init);
  return { body: (await response.json()) as T, etag: response.headers.get('etag') ?? '' };
}

async function problemBody(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
