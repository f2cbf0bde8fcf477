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

/** A portal stand-in: answers GET at once; `dies` makes it drop the connection unanswered. */
function backend(name: string, dies: { on: boolean }): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (dies.on && req.url !== '/locales/en.json') req.socket.destroy();
        else res.end(name);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/** One request on a connection of its own: a 502 closes its connection, which must not cut another. */
function send(url: string, method: string, id: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method, agent: false, headers: { [REQUEST_ID_HEADER]: id } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? '{}' : undefined);
  });
}

describe.skipIf(!present)('the stack’s haproxy (Debian’s /usr/sbin/haproxy)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stack-haproxy-'));
  const dying = { on: false };
  const lines: HaproxyLine[] = [];
  let servers: Server[] = [];
  let proxy: ManagedProcess;
  let base: string;
  let refusedPort: number;

  beforeAll(async () => {
    const dead = await backend('portal-1', dying);
    const alive = await backend('portal-2', { on: false });
    servers = [dead.server, alive.server];
    refusedPort = await freePort();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    proxy = startHaproxy(dir, port, [dead.port, alive.port, refusedPort], (l) => lines.push(l));
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
});
