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
  if (!response.ok) throw new StaffApiError(response.status, await problemErrors(response));
  return response;
}

export async function staffJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await (await staffFetch(path, init)).json()) as T;
}

async function problemErrors(response: Response): Promise<ProblemFieldError[]> {
  try {
    const body = (await response.json()) as { errors?: ProblemFieldError[] };
    return Array.isArray(body.errors) ? body.errors : [];
  } catch {
    return [];
  }
}
