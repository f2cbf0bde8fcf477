import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { resolve } from 'node:path';

/** The portal as `npm start` runs it, on a data folder of the benchmark's own. */
export interface PortalProcess {
  readonly base: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export async function startPortal(
  env: Record<string, string>,
  port: number,
  pollMs = 500,
  /** Another checkout's portal (a before-and-after bench); DATA_DIR should then be absolute. */
  cwd = process.cwd(),
): Promise<PortalProcess> {
  mkdirSync(resolve(cwd, env.DATA_DIR ?? '.data'), { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/main.ts'], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', PORT: String(port), ...env },
    // The portal's JSON log, kept with the benchmark's data for when a run goes wrong.
    stdio: [
      'ignore',
      openSync(resolve(cwd, env.DATA_DIR ?? '.data', 'portal.log'), 'a'),
      'inherit',
    ],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    const up = await fetch(`${base}/en/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the portal did not start within 180 s');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return {
    base,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/**
 * Runs `npm run seed` and waits for it without blocking this process: a blocked event loop
 * would miss the portal closing idle keep-alive connections, and the next request would
 * go out on a dead socket.
 */
export async function runSeed(env: Record<string, string>, claims: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'infra/launcher/seed-cli.ts',
      '--claims',
      String(claims),
      '--seed',
      String(1 + (Date.now() % 100)),
    ],
    { env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
}

/** Waits until every projection has applied the whole log. */
export async function waitForZeroLag(base: string, timeoutMs = 3_600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as {
      projections: Array<{ eventsBehind: number }>;
    };
    if (health.projections.every((p) => p.eventsBehind === 0)) return;
    if (Date.now() > deadline) throw new Error('projections did not catch up');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export function percentile(sortedMs: readonly number[], p: number): number {
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] ?? Number.NaN;
}
