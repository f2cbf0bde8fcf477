import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HAPROXY,
  type HaproxyLine,
  haproxyConfig,
  parseHaproxyLine,
  REQUEST_ID_HEADER,
  startHaproxy,
} from '../../scripts/stack/haproxy';
import type { ManagedProcess } from '../../scripts/stack/managed-process';
import { freePort } from '../support/free-port';

const present = existsSync(HAPROXY);
/** Short portal deadlines, so a frozen portal's requests end within the test's patience. */
const DEADLINES = { requestMs: 1_000, uploadMs: 3_000 };

describe('parseHaproxyLine', () => {
  it('reads the soak log format and ignores haproxy notices', () => {
    expect(parseHaproxyLine('soak {abc-1} portal-2 502 SH-- 0')).toEqual({
      requestId: 'abc-1',
      server: 'portal-2',
      status: 502,
      termination: 'SH--',
      retries: 0,
    });
    expect(parseHaproxyLine('soak {} <NOSRV> 503 SC-- 0')?.server).toBe('<NOSRV>');
    // %rc is signed when the request was redispatched to another server.
    expect(parseHaproxyLine('soak {g} portal-3 200 ---- +1')?.retries).toBe(1);
    expect(parseHaproxyLine('[WARNING]  (1) : Server portals/portal-1 is DOWN')).toBeUndefined();
  });
});

/**
 * A portal stand-in: answers GET at once; `dies` makes it drop the connection unanswered,
 * `freezes` leave it unanswered (a stopped process; its health checks still pass here, so
 * haproxy keeps sending it requests).
 */
function backend(
  name: string,
  dies: { on: boolean },
  freezes: { on: boolean } = { on: false },
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/locales/en.json') res.end(name);
        else if (dies.on) req.socket.destroy();
        else if (!freezes.on) res.end(name);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/** One request on a connection of its own: a 502 closes its connection, which must not cut another. */
function send(url: string, method: string, id: string, contentType?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = {
      [REQUEST_ID_HEADER]: id,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const outgoing = request(url, { method, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? '{}' : undefined);
  });
}

describe.skipIf(!present)('the stack’s haproxy (Debian’s /usr/sbin/haproxy)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stack-haproxy-'));
  const dying = { on: false };
  const freezing = { on: false };
  const lines: HaproxyLine[] = [];
  let servers: Server[] = [];
  let proxy: ManagedProcess;
  let base: string;
  let refusedPort: number;

  beforeAll(async () => {
    const dead = await backend('portal-1', dying, freezing);
    const alive = await backend('portal-2', { on: false });
    servers = [dead.server, alive.server];
    refusedPort = await freePort();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    proxy = startHaproxy(dir, port, [dead.port, alive.port, refusedPort], DEADLINES, (l) =>
      lines.push(l),
    );
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/locales/en.json`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    await proxy?.stop(5_000);
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a configuration haproxy accepts', () => {
    const file = join(dir, 'check.cfg');
    execFileSync('sh', ['-c', `cat > ${file}`], { input: haproxyConfig(4400, [4401, 4402]) });
    expect(() => execFileSync(HAPROXY, ['-c', '-q', '-f', file])).not.toThrow();
  });

  it('replays a GET whose portal dropped it, answers 502 to such a POST, and logs each by its id', async () => {
    dying.on = true;
    const gets: number[] = [];
    const posts: number[] = [];
    for (let i = 0; i < 6; i++) gets.push(await send(`${base}/en/`, 'GET', `get-${i}`));
    for (let i = 0; i < 6; i++) posts.push(await send(`${base}/api/claims`, 'POST', `post-${i}`));
    dying.on = false;
    // Round robin over three: whichever reached the dying or the refusing portal is in here.
    expect(gets).toEqual([200, 200, 200, 200, 200, 200]);
    expect(posts).toContain(502);
    expect(posts.every((status) => status === 200 || status === 502)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const byId = new Map(lines.map((l) => [l.requestId, l]));
    for (const [i, status] of posts.entries()) {
      const line = byId.get(`post-${i}`);
      expect(line?.status).toBe(status);
      if (status === 502) expect(line?.server).toBe('portal-1');
    }
    // A refused connection was sent elsewhere, never answered 503; a replayed GET says so.
    expect(lines.every((l) => l.status !== 503)).toBe(true);
    expect(lines.some((l) => l.requestId.startsWith('get-') && l.retries > 0)).toBe(true);
  });

  it('answers 504 for a frozen portal at its deadline + 0.5 s (an upload at its own), and replays nothing', async () => {
    freezing.on = true;
    const timed = async (method: string, id: string, contentType?: string) => {
      const started = performance.now();
      const status = await send(`${base}/api/claims`, method, id, contentType);
      return { id, status, ms: performance.now() - started };
    };
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => timed('GET', `frozen-get-${i}`)),
      ...Array.from({ length: 4 }, (_, i) => timed('POST', `frozen-post-${i}`)),
      ...Array.from({ length: 3 }, (_, i) =>
        timed('POST', `frozen-upload-${i}`, 'multipart/form-data; boundary=x'),
      ),
    ]);
    freezing.on = false;
    await new Promise((r) => setTimeout(r, 300));
    const byId = new Map(lines.map((l) => [l.requestId, l]));
    const frozen = answers.filter((a) => byId.get(a.id)?.server === 'portal-1');
    expect(frozen.length).toBeGreaterThan(0);
    for (const answer of answers) {
      const upload = answer.id.startsWith('frozen-upload');
      const deadline = upload ? DEADLINES.uploadMs : DEADLINES.requestMs;
      if (byId.get(answer.id)?.server === 'portal-1') {
        // haproxy kept the portal's deadline for it: 504 (a replay elsewhere would end past it).
        expect(answer.status, answer.id).toBe(504);
        expect(answer.ms, answer.id).toBeGreaterThanOrEqual(deadline);
      } else expect(answer.status, answer.id).toBe(200);
      expect(answer.ms, answer.id).toBeLessThan(deadline + 1_000);
    }
  });
});
