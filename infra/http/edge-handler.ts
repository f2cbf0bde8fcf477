import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { problemTitle } from '@contracts/api/problem-titles';
import { allowedMethods, allowHeader } from './route-methods';
import { isApiPath, mergedPolicy, securityHeaders } from './security-headers';
import { settleForwardedHeaders, type TrustedProxies } from './trusted-proxies';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Methods a route of the portal may answer; any other (TRACE, PROPFIND…) is a 405 here. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

// Underscores too: internal names such as a compose service (`claims_portal`) carry them.
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
/** A host name or an IP literal, and at most one port: `host:port:port` or an empty Host is a 400. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`);

type Refusal =
  | { readonly status: 400; readonly field: 'url' | 'host' | 'request' }
  | { readonly status: 405; readonly allow: readonly string[] }
  | { readonly status: 431 };

/** A request target's path, without its query or fragment. */
export const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? '';

function refusalOf(req: IncomingMessage): Refusal | undefined {
  const url = req.url ?? '';
  if (!url.startsWith('/') || url.startsWith('//')) return { status: 400, field: 'url' };
  try {
    decodeURI(url);
  } catch {
    return { status: 400, field: 'url' };
  }
  const host = req.headers.host;
  if (!host || !HOST.test(host) || Number(/:(\d+)$/.exec(host)?.[1] ?? 0) > 65_535)
    return { status: 400, field: 'host' };
  if (!KNOWN_METHODS.has(req.method ?? '')) {
    return { status: 405, allow: allowedMethods(pathOf(url)) ?? ['GET', 'HEAD'] };
  }
  return undefined;
}

/**
 * French when the caller's first language is; Chinese needs the tenant, which is not known
 * before the site reads the Host, so it falls back to English here.
 */
function callerLanguage(acceptLanguage: string | undefined): 'en' | 'fr' {
  return /^\s*fr\b/i.test(acceptLanguage ?? '') ? 'fr' : 'en';
}

/** The API's refusal: problem+json, as site/src/lib/problem.server.ts writes it. */
const PROBLEM_CODE = {
  400: 'VALIDATION_FAILED',
  405: 'METHOD_NOT_ALLOWED',
  431: 'HEADERS_TOO_LARGE',
} as const;

function problemBody(refusal: Refusal, requestId: string, lang: 'en' | 'fr' = 'en'): string {
  const code = PROBLEM_CODE[refusal.status];
  return JSON.stringify({
    type: 'about:blank',
    title: problemTitle(code, lang),
    status: refusal.status,
    code,
    requestId,
    ...(refusal.status === 400
      ? { errors: [{ field: refusal.field, code: 'invalidFormat' }] }
      : {}),
  });
}

/** The error page of the path's portal and language, which the site renders. */
export function errorPagePath(pathname: string, status: number): string {
  if (/^\/admin(?:\/|$)/.test(pathname)) return `/admin/error/${status}`;
  const lang = /^\/(en|fr|cn)(?:\/|$)/.exec(pathname)?.[1] ?? 'en';
  return `/${lang}/error/${status}`;
}

export interface EdgeOptions {
  readonly proxies: TrustedProxies;
  readonly log: Pick<Logger, 'info'>;
}

/**
 * In front of Astro's node handler (and the development OpenID Provider): what Astro cannot
 * or does not answer in the portal's shape. Every answer, static files and redirects
 * included, starts with the security headers; forwarded headers are settled (TRUST_PROXY);
 * a request Astro could not even build (a URL that does not decode, an empty or malformed
 * Host, an unknown method such as TRACE) is refused here: problem+json under /api/, else the
 * error page, rendered by the site for a clean GET of it.
 */
export function createEdgeHandler(app: NodeHandler, options: EdgeOptions): NodeHandler {
  return (req, res) => {
    settleForwardedHeaders(req, options.proxies);
    const https = 'encrypted' in req.socket || req.headers['x-forwarded-proto'] === 'https';
    const pathname = pathOf(req.url ?? '/');
    const headers = securityHeaders(pathname, https);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    keepOurPolicy(res, headers['content-security-policy'] ?? '');
    const refusal = refusalOf(req);
    if (!refusal) return app(req, res);
    res.setHeader('cache-control', 'no-store');
    if (refusal.status === 405) res.setHeader('allow', allowHeader(refusal.allow));
    // Logged as it came (the method and path the site's own line will not show), never the query.
    const requestId = randomUUID();
    options.log.info(
      { requestId, method: req.method, path: pathname, status: refusal.status, refusedAt: 'edge' },
      'request',
    );
    if (isApiPath(pathname)) {
      res.writeHead(refusal.status, {
        'content-type': 'application/problem+json',
        'x-request-id': requestId,
      });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : problemBody(refusal, requestId, callerLanguage(req.headers['accept-language'])),
      );
      return;
    }
    // The response already knows a HEAD request gets no body; the page's log line shares the id.
    req.headers['x-request-id'] = requestId;
    req.method = 'GET';
    req.url = errorPagePath(pathname, refusal.status);
    if (refusal.status === 400 && refusal.field === 'host') req.headers.host = 'localhost';
    app(req, res);
  };
}

/**
 * A page Astro renders outside the middleware (its error pages after a failure) brings its own
 * Content-Security-Policy with script hashes only: the framing rules are added as it is written.
 */
function keepOurPolicy(res: ServerResponse, ours: string): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find(
      (arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    );
    const record = (headers ?? {}) as Record<string, unknown>;
    const key = Object.keys(record).find(
      (name) => name.toLowerCase() === 'content-security-policy',
    );
    if (key && typeof record[key] === 'string') {
      record[key] = mergedPolicy(record[key], ours);
    } else {
      // Set with setHeader by whoever answers (the OpenID Provider, say), replacing ours.
      const set = res.getHeader('content-security-policy');
      if (typeof set === 'string')
        res.setHeader('content-security-policy', mergedPolicy(set, ours));
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

/**
 * Node's own parser refusals (a control character in the request line, a broken header):
 * the same 400 with the security headers instead of a bare status line.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || ('_httpMessage' in socket && socket._httpMessage)) {
    socket.destroy(error);
    return;
  }
  // A HEAD request gets no body, even refused: its client would read one as the next answer.
  const packet = 'rawPacket' in error ? String(error.rawPacket) : '';
  // Node stops reading at its header limit (16 KB): 431, as RFC 6585 says, not a 400.
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  rawRefusal(
    socket,
    tooLarge ? { status: 431 } : { status: 400, field: 'request' },
    tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request',
    !packet.startsWith('HEAD '),
  );
}

/** CONNECT (a proxy tunnel) names no path of ours: 405, then the connection closes. */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  rawRefusal(socket, { status: 405, allow: ['GET', 'HEAD'] }, '405 Method Not Allowed');
}

function rawRefusal(socket: Duplex, refusal: Refusal, statusLine: string, withBody = true): void {
  const body = withBody ? problemBody(refusal, randomUUID()) : '';
  const headers = {
    ...securityHeaders('/api/', false),
    'content-type': 'application/problem+json',
    ...(withBody ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    'cache-control': 'no-store',
    ...(refusal.status === 405 ? { allow: allowHeader(refusal.allow) } : {}),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${statusLine}\r\n${head}\r\n\r\n${body}`);
}
