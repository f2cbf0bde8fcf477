import { CUSTOMER_CLIENT_CALLS } from '@contracts/api/client-paths';

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

/**
 * Every API call of the customer islands goes through here: checked against the allow-list
 * before anything leaves the browser, with the session cookie and nothing else.
 */
export function apiFetch(target: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  let url: URL;
  try {
    url = checkedApiUrl(target, method, window.location.origin);
  } catch (error) {
    return Promise.reject(error);
  }
  return fetch(url, { credentials: 'same-origin', ...init, method });
}
