import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitRequestBodies } from './body-limit';

const LIMIT = 8 * 1024 * 1024;
const FIFTY_MB = 50 * 1024 * 1024;

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly body: string;
  readonly ms: number;
}

/** Writes 50 MB as fast as the socket takes it, with Content-Length or chunked. */
function upload(port: number, framing: 'content-length' | 'chunked'): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/claims/draft/documents',
        headers: {
          'content-type': 'application/json',
          ...(framing === 'content-length' ? { 'content-length': String(FIFTY_MB) } : {}),
        },
      },
      (res) => {
        const ms = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
            ms,
          }),
        );
      },
    );
    req.on('error', reject);
    const piece = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const writeMore = () => {
      while (sent < FIFTY_MB) {
        sent += piece.byteLength;
        if (!req.write(piece)) return void req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

/**
 * In front of a handler that reads its body as the site's routes do (to the end, unless
 * refused from the Content-Length). Today's 50 MB upload ended in EPIPE.
 */
describe('the body limit', () => {
  let server: Server;
  let port: number;
  let reachedApp = 0;

  beforeAll(async () => {
    const app = limitRequestBodies(async (req, res) => {
      reachedApp++;
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).byteLength;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ size }));
    }, LIMIT);
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(['content-length', 'chunked'] as const)(
    'answers a 50 MB upload (%s) with 413 problem+json in under 200 ms',
    async (framing) => {
      const answer = await upload(port, framing);
      expect(answer.status).toBe(413);
      expect(answer.type).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(answer.ms).toBeLessThan(200);
    },
  );

  it('never hands the app a body over the limit declared in Content-Length', async () => {
    const before = reachedApp;
    await upload(port, 'content-length');
    expect(reachedApp).toBe(before);
  });
});
