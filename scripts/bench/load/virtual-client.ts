import http from 'node:http';
import { CookieJar } from '@tests/support/cookie-jar';

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/**
 * One user's browser for the load run: its own loopback address (127.0.0.0/8 all reach the
 * portal), so per-address rate limits count each user apart as they would on the internet;
 * its own cookies and keep-alive connections.
 */
export class VirtualClient {
  readonly #cookies = new CookieJar();
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

  constructor(
    readonly base: string,
    readonly localAddress: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  request(
    path: string,
    {
      method = 'GET',
      body,
      form,
      ifMatch,
      headers: extra,
    }: {
      method?: string;
      body?: unknown;
      form?: Record<string, string>;
      ifMatch?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const payload = form
      ? Buffer.from(new URLSearchParams(form).toString())
      : body === undefined
        ? undefined
        : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = { ...extra, origin: this.base };
    const cookie = this.#cookies.header();
    if (cookie) headers.cookie = cookie;
    if (payload) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      headers['content-length'] = payload.length;
    }
    if (method !== 'GET') headers['x-csrf-token'] = this.#cookies.get('csrf_token') ?? '';
    if (ifMatch) headers['if-match'] = ifMatch;
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        new URL(path, this.base),
        { method, headers, agent: this.#agent, localAddress: this.localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            for (const line of incoming.headers['set-cookie'] ?? []) this.#cookies.store(line);
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}
