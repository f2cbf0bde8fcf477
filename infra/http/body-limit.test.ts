import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeUpload } from '../../tests/support/large-upload';
import { limitRequestBodies } from './body-limit';

const LIMIT = 8 * 1024 * 1024;
const FIFTY_MB = 50 * 1024 * 1024;
const PATH = '/api/claims/draft/documents';

/**
 * In front of a handler that reads its body as the site's routes do (to the end, unless
 * refused from the Content-Length). Today's 50 MB upload ended in EPIPE.
 */
describe('the body limit', () => {
  let server: Server;
  let port: number;
  let reachedApp = 0;
  let largestBodySeen = 0;

  beforeAll(async () => {
    const app = limitRequestBodies(async (req, res) => {
      reachedApp++;
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).byteLength;
      largestBodySeen = Math.max(largestBodySeen, size);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ size }));
    }, LIMIT);
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(['content-length', 'chunked'] as const)(
    'answers a 50 MB upload (%s) with 413 problem+json, the app seeing no byte past the limit',
    async (framing) => {
      largestBodySeen = 0;
      const answer = await largeUpload(port, PATH, FIFTY_MB, framing);
      expect(answer.status).toBe(413);
      expect(answer.type).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(largestBodySeen).toBeLessThanOrEqual(LIMIT);
    },
  );

  it('never hands the app a body over the limit declared in Content-Length', async () => {
    const before = reachedApp;
    await largeUpload(port, PATH, FIFTY_MB, 'content-length');
    expect(reachedApp).toBe(before);
  });
});
