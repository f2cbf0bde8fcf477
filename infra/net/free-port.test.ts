import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, parsePortRange } from './free-port';

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const hold = (port: number) =>
  new Promise<void>((resolve) => {
    const server = createServer();
    held.push(server);
    server.listen(port, '127.0.0.1', () => resolve());
  });

describe('free ports', () => {
  it('reads FROM-TO and refuses anything else', () => {
    expect(parsePortRange('45000-45010')).toEqual({ from: 45_000, to: 45_010 });
    expect(parsePortRange(undefined)).toBeUndefined();
    for (const bad of ['45010-45000', '80-90', '45000', '45000-70000', 'a-b'])
      expect(() => parsePortRange(bad), bad).toThrow(/port range/);
  });

  it('stays inside the range, skips a port in use, never hands one out twice, and says when none is left', async () => {
    const from = 20_000 + Math.floor(Math.random() * 20_000);
    const range = { from, to: from + 3 };
    await hold(from + 1);
    const ports = await Promise.all([freePort(range), freePort(range), freePort(range)]);
    expect(new Set(ports).size).toBe(3);
    expect(ports.every((p) => p >= range.from && p <= range.to && p !== from + 1)).toBe(true);
    await expect(freePort(range)).rejects.toThrow(`no free port left in ${from}-${from + 3}`);
  });

  it('takes any free port without a range', async () => {
    expect(await freePort(undefined)).toBeGreaterThan(0);
  });
});
