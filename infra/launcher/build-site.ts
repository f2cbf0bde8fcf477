import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCES = [
  'site',
  'contracts',
  'services',
  'projections',
  'infra',
  'astro.config.mjs',
  'aliases.mjs',
  'package-lock.json',
];
const STAMP = 'dist/.source-fingerprint';

const LOCK = '.astro-build.lock';

/** Where Astro's build puts the site's middleware (tests/launcher/command-lane.test.ts checks it). */
export const BUILT_MIDDLEWARE = 'dist/server/virtual_astro_middleware.mjs';

/**
 * Builds the Astro site when dist/ is missing or older than the sources it was built from.
 * One build at a time across processes (launchers started together would otherwise write
 * dist/ at once): a lock folder, made atomically; whoever waited finds the build done.
 */
export function buildSiteIfStale(root: string, log: (message: string) => void): void {
  const lock = join(root, LOCK);
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`${LOCK} held for 5 minutes: remove it if no build runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    buildUnlocked(root, log);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function buildUnlocked(root: string, log: (message: string) => void): void {
  const fingerprint = sourceFingerprint(root);
  const stamp = join(root, STAMP);
  const entry = join(root, 'dist/server/entry.mjs');
  if (existsSync(entry) && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
  log('building the site (first start or changed sources)…');
  const started = Date.now();
  // A child process: Astro's build sets NODE_ENV=production in the process that runs it.
  // NODE_ENV is forced: a build started from a test run (NODE_ENV=test) would otherwise ship
  // React's development bundle, twice the size.
  const result = spawnSync(process.execPath, [astroCli(root), 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(stamp, fingerprint);
  log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Astro's command-line entry as its package.json names it (the file moved between majors). */
function astroCli(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules/astro/package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.astro;
  return join(root, 'node_modules/astro', bin);
}

function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const source of SOURCES) walk(resolve(root, source), hash);
  return hash.digest('hex');
}

function walk(path: string, hash: ReturnType<typeof createHash>): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      walk(join(path, name), hash);
    }
    return;
  }
  hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
}
