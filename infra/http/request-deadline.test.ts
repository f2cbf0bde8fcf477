import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { NodeHandler } from './edge-handler';
import { answerByDeadline, requestDeadlines } from './request-deadline';

const DEADLINE_MS = 400;

/** A full collection, as `--expose-gc` would give. */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(app: NodeHandler, deadlineMs = DEADLINE_MS): Promise<string> {
  const listening = createServer(answerByDeadline(app, { deadlineMs }));
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

/** Never answers: what a request waiting on a frozen Postgres looks like from the edge. */
const frozen: NodeHandler = () => {};

describe('request deadline', () => {
  it('answers 503 problem+json with Retry-After when an API answer has not started', async () => {
    const base = await serve(frozen);
    const response = await fetch(`${base}/api/claims`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('SERVICE_UNAVAILABLE');
    // A command may have been carried out: the caller is told how to retry it safely.
    expect(problem.detail).toContain('same Idempotency-Key');
  });

  it('words the refusal in the caller’s language and tells a reader only to try again', async () => {
    const base = await serve(frozen);
    const response = await fetch(`${base}/api/claims`, { headers: { 'accept-language': 'fr-CA' } });
    const problem = (await response.json()) as { title: string; detail: string };
    expect(problem.title).toContain('momentanément indisponible');
    expect(problem.detail).toContain('Réessayez');
    expect(problem.detail).not.toContain('Idempotency-Key');
  });

  it('answers a page with a 503 page in the path’s language', async () => {
    const base = await serve(frozen);
    const response = await fetch(`${base}/fr/dashboard`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('Réessayer');
  });

  it('leaves an answer that starts in time alone, and a late app writes nothing after the 503', async () => {
    let lateWriteFailed = false;
    const base = await serve((req, res) => {
      if (req.url === '/fast') return void res.end('fast');
      setTimeout(() => {
        try {
          res.writeHead(201).end('late');
        } catch {
          lateWriteFailed = true;
        }
      }, DEADLINE_MS * 3);
    });
    expect(await (await fetch(`${base}/fast`)).text()).toBe('fast');
    const late = await fetch(`${base}/api/slow`);
    expect(late.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 4));
    expect(lateWriteFailed).toBe(false);
  });

  it('waits while a body is still arriving, and counts a body that stopped as waiting', async () => {
    let received = 0;
    const base = await serve((req, res) => {
      req.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
      });
      req.on('end', () => res.end(String(received)));
    });
    const url = new URL(`${base}/api/upload`);
    const trickle = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      // Eight chunks a quarter of the deadline apart: twice the deadline in all, never idle for one.
      let sent = 0;
      const timer = setInterval(() => {
        req.write('x'.repeat(10));
        sent += 1;
        if (sent === 8) {
          clearInterval(timer);
          req.end();
        }
      }, DEADLINE_MS / 4);
    });
    expect(trickle).toEqual({ status: 200, body: '80' });

    const stalled = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.write('x');
    });
    expect(stalled).toBe(503);
  });

  it('keeps nothing of a request once its exchange has closed', async () => {
    // Kept to the next sweep, every answered request lived long enough to be promoted out of
    // V8's young generation: a cost on every command (decision 157).
    const gc = collectGarbage();
    let answered: WeakRef<object> | undefined;
    const base = await serve((_req, res) => {
      answered = new WeakRef(res);
      res.end('ok');
    }, 60_000);
    const response = await fetch(`${base}/api/claims`, { headers: { connection: 'close' } });
    expect(await response.text()).toBe('ok');
    // The sweep runs every 100 ms: the response must be garbage well before it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
    expect(answered?.deref()).toBeUndefined();
  });

  it('gives an upload the inspection’s bound on top, and 0 turns deadlines off', () => {
    const options = requestDeadlines(
      { REQUEST_DEADLINE_MS: 10_000, INSPECTION_REQUEST_DEADLINE_MS: 15_000 },
      { warn: () => {} },
    );
    const upload = { headers: { 'content-type': 'multipart/form-data; boundary=x' } };
    const json = { headers: { 'content-type': 'application/json' } };
    expect(options.deadlineFor?.(upload as never)).toBe(25_000);
    expect(options.deadlineFor?.(json as never)).toBeUndefined();
    const off = requestDeadlines(
      { REQUEST_DEADLINE_MS: 0, INSPECTION_REQUEST_DEADLINE_MS: 15_000 },
      { warn: () => {} },
    );
    expect(off.deadlineFor?.(upload as never)).toBeUndefined();
  });
});
