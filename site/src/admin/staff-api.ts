import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@contracts/api/openapi-types';
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

/** A write is JSON with the CSRF header, body or not, as staffFetch sends it. */
const staffWrites: Middleware = {
  onRequest({ request }) {
    if (request.method === 'GET') return undefined;
    if (!request.headers.has('content-type'))
      request.headers.set('content-type', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value);
    return undefined;
  },
};

/** As staffFetch: a gone session goes to sign-in, any other refusal throws StaffApiError. */
const staffRefusals: Middleware = {
  async onResponse({ response }) {
    if (response.status === 401 || response.status === 418) {
      window.location.assign(STAFF_SIGN_IN);
      throw new StaffApiError(response.status);
    }
    if (response.ok) return undefined;
    const problem = await problemBody(response);
    const errors = Array.isArray(problem.errors) ? (problem.errors as ProblemFieldError[]) : [];
    throw new StaffApiError(response.status, errors, problem);
  },
};

/**
 * The staff islands' typed client: paths, parameters and bodies are the OpenAPI document's
 * (contracts/api/openapi-types.ts). A call that returns answered 2xx; a refusal has thrown.
 */
export const staffApi = createClient<paths>({ credentials: 'same-origin' });
staffApi.use(staffWrites, staffRefusals);

interface Answered {
  readonly data?: unknown;
  readonly response: Response;
}

/**
 * The JSON of an answered staff call and the version its ETag names (a claim read or saved).
 * T is the island's view where the document says less than the island reads (a claim's
 * decisionLetter, an operation with no response schema).
 */
export async function versioned<T>(
  sent: Promise<Answered>,
): Promise<{ readonly body: T; readonly etag: string }> {
  const { data, response } = await sent;
  return { body: data as T, etag: response.headers.get('etag') ?? '' };
}

/** The JSON of an answered staff call, as the island reads it (see versioned). */
export const staffData = async <T>(sent: Promise<Answered>): Promise<T> => (await sent).data as T;

/** The calls still outside the typed client: the viewer's list of views, the claim history. */
export async function staffJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await (await staffFetch(path, init)).json()) as T;
}

async function problemBody(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
