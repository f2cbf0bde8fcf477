import type { APIContext } from 'astro';

/**
 * The edge (infra/http/edge-handler.ts, in front of every request) removes forwarded headers
 * unless they come from a proxy listed in TRUST_PROXY, and leaves one client address and one
 * protocol. So the site may believe what is left of them.
 */
export function requestIsHttps(request: Request): boolean {
  // A Request's url is already parsed and serialized: its scheme is lower case and first.
  return request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';
}

/** The caller's address: the client a trusted proxy named, else the socket's peer. */
export function clientAddress(context: Pick<APIContext, 'clientAddress' | 'request'>): string {
  const forwarded = context.request.headers.get('x-forwarded-for');
  if (forwarded) return forwarded;
  try {
    return context.clientAddress ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
