import createClient, { type Middleware } from 'openapi-fetch';
import { CUSTOMER_CLIENT_CALLS, type CustomerPaths } from '@contracts/api/client-paths';
import { csrfHeaders } from './csrf';

/** The spec's words for a call the client refuses to make (customer §8). */
export const INVALID_API_ENDPOINT = 'Invalid API endpoint';

class InvalidApiEndpointError extends Error {
  constructor() {
    super(INVALID_API_ENDPOINT);
    this.name = 'InvalidApiEndpointError';
  }
}

const templatePattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

const ALLOWED = CUSTOMER_CLIENT_CALLS.map(({ method, path }) => ({
  method,
  pattern: templatePattern(path),
}));

/**
 * The URL of an allowed call, or InvalidApiEndpointError: only the page's own origin (so no
 * other host, private or public), only https there unless the page itself is served over
 * plain http (development), no user info, no dot segments, and only an operation of the
 * customer client's list with its method (customer spec §7 "Client-side call safety").
 */
export function checkedApiUrl(target: string, method: string, origin: string): URL {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    throw new InvalidApiEndpointError();
  }
  const page = new URL(origin);
  const rawPath = target.split(/[?#]/)[0] ?? '';
  const allowed =
    url.origin === page.origin &&
    (url.protocol === 'https:' || page.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    !/(^|\/)\.\.?(\/|$)|%2e|\\/i.test(rawPath) &&
    ALLOWED.some((call) => call.method === method && call.pattern.test(url.pathname));
  if (!allowed) throw new InvalidApiEndpointError();
  return url;
}

const DOT_SEGMENT = /^\.\.?$/;

/**
 * Checked against the allow-list before anything leaves the browser. The Request has already
 * resolved dot segments, so a path parameter that is one is refused here (it would name
 * another operation).
 */
const allowListed: Middleware = {
  onRequest({ request, params }) {
    const values = Object.values((params.path ?? {}) as Record<string, unknown>);
    if (values.some((value) => DOT_SEGMENT.test(String(value))))
      throw new InvalidApiEndpointError();
    checkedApiUrl(request.url, request.method, window.location.origin);
    return undefined;
  },
};

/** Every non-safe call carries the CSRF header (the double-submit cookie's value). */
const withCsrf: Middleware = {
  onRequest({ request }) {
    if (request.method === 'GET') return undefined;
    for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value);
    return undefined;
  },
};

/**
 * Every API call of the customer islands goes through here: typed by the OpenAPI document
 * (contracts/api/openapi-types.ts) narrowed to the allow-list, with the session cookie and
 * nothing else.
 */
export const customerApi = createClient<CustomerPaths>({ credentials: 'same-origin' });
customerApi.use(allowListed, withCsrf);
