import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type CommandLane, withCommandLane } from './command-lane';

let server: Server | undefined;
afterEach(() => server?.close());

async function serve(lane: CommandLane, logged: string[] = []): Promise<string> {
  const log = pino({}, { write: (line: string) => logged.push(line) });
  const site = withCommandLane(
    (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('astro'),
    () => lane,
    log,
  );
  server = createServer(site).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('withCommandLane', () => {
  it("answers the lane's routes with the request it was sent, and leaves the rest to the site", async () => {
    const base = await serve((method, pathname) =>
      method === 'POST' && pathname === '/api/claims'
        ? async (request, clientAddress) => {
            const headers = new Headers({ 'content-type': 'application/json', etag: '"0"' });
            headers.append('set-cookie', 'a=1; Path=/');
            headers.append('set-cookie', 'b=2; Path=/');
            const echo = {
              url: request.url,
              body: await request.text(),
              header: request.headers.get('x-test'),
              clientAddress,
            };
            return new Response(JSON.stringify(echo), { status: 201, headers });
          }
        : undefined,
    );
    const answer = await fetch(`${base}/api/claims?lang=fr`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: 'é'.repeat(100_000),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(answer.headers.get('etag')).toBe('"0"');
    const text = await answer.text();
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({
      url: `${base}/api/claims?lang=fr`,
      body: 'é'.repeat(100_000),
      header: 'yes',
      clientAddress: '127.0.0.1',
    });

    for (const [method, path] of [
      ['GET', '/api/claims'],
      ['POST', '/api/claims/draft'],
    ]) {
      const other = await fetch(`${base}${path}`, { method });
      expect(await other.text(), `${method} ${path}`).toBe('astro');
    }
  });

  it('answers 500 and logs the error when the lane fails, as Astro’s adapter does', async () => {
    const logged: string[] = [];
    const base = await serve(
      () => async () => {
        throw new Error('lane broke');
      },
      logged,
    );
    const answer = await fetch(`${base}/api/claims`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(500);
    expect(logged.join('')).toContain('lane broke');
  });
});
