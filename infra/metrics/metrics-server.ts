import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { PortalMetrics } from './metrics';

export interface MetricsServerOptions {
  readonly metrics: PortalMetrics;
  readonly host: string;
  readonly port: number;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Brings the state gauges up to date before each scrape. */
  readonly refresh?: () => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's content nor its length leaks through timing. */
function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` on a port of its own (decision 072): the public port never answers it, and a
 * scraper on another host is let in by the network and, where set, a bearer token.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry } = options.metrics;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') return end(res, 404, 'Not found: the metrics are at /metrics\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return end(res, 405, 'Method not allowed\n');
    }
    if (!authorized(req, options.token)) {
      res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      return end(res, 401, 'A bearer token is required\n');
    }
    await options.refresh?.().catch((error: unknown) => options.onError?.(error));
    const body = await registry.metrics();
    res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      options.onError?.(error);
      if (!res.headersSent) end(res, 500, 'The metrics could not be collected\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function end(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(text);
}
