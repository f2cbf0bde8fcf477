import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { TestBrowser } from '../support/oidc-test-provider';
import {
  call,
  claimWithFiles,
  type PortalUnderTest,
  startPortalUnderTest,
} from './portal-under-test';

const CLAIM_KEY = /claims\/[A-Za-z0-9_-]+\/[0-9a-f]{64}/g;

/** Every object file of the filesystem store under `claims/`, as keys. */
async function storedClaimKeys(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'objects');
  const entries = await readdir(join(root, 'claims'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /^[0-9a-f]{64}$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

function runSweep(env: Record<string, string>): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/launcher/sweep-cli.ts', '--grace-minutes', '0'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`sweep exited ${code}`)),
    ),
  );
}

describe('the portal is killed (SIGKILL) in the middle of submissions with files', () => {
  let portal: PortalUnderTest;
  const customer = new TestBrowser();

  beforeAll(async () => {
    portal = await startPortalUnderTest();
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
  });

  it('leaves each claim whole or absent, and no orphaned object after the sweeper', async () => {
    const accepted: string[] = [];
    let sent = 0;
    const submitter = async (index: number) => {
      for (let n = 0; ; n += 1) {
        sent += 1;
        try {
          const answer = await call(
            customer,
            portal.base,
            '/api/claims',
            claimWithFiles(`K${index}-${n}`),
          );
          if (answer.status !== 201) return;
          accepted.push(((await answer.json()) as { submissionId: string }).submissionId);
        } catch {
          return; // the server is gone
        }
      }
    };
    const submitters = Promise.all([1, 2, 3, 4, 5, 6].map(submitter));
    await expect.poll(() => accepted.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(12);
    portal.launcher.child.kill('SIGKILL');
    await portal.launcher.exited;
    await submitters;
    expect(sent).toBeGreaterThan(accepted.length); // some were cut off mid-way

    await portal.restart();
    const { rows } = await portal.db.query<{ stream_id: string; data: unknown }>(
      `select stream_id, data from events where stream_id like 'claim-%'`,
    );
    const named = new Set(rows.flatMap((row) => JSON.stringify(row.data).match(CLAIM_KEY) ?? []));
    const stored = new Set(await storedClaimKeys(portal.dataDir));
    // Whole: every object a claim's events name is there.
    expect([...named].filter((key) => !stored.has(key))).toEqual([]);
    // Every answered submission is a claim.
    const streams = new Set(rows.map((row) => row.stream_id));
    expect(accepted.filter((id) => !streams.has(`claim-${id}`))).toEqual([]);

    const report = await runSweep(portal.env);
    console.info(
      `kill mid-submission: ${sent} sent, ${accepted.length} answered 201, ${streams.size} claim streams after restart; sweep: ${report.trim()}`,
    );
    expect(report).toMatch(/checked \d+ objects, deleted \d+ orphans/);
    const left = await storedClaimKeys(portal.dataDir);
    expect(left.filter((key) => !named.has(key))).toEqual([]);
    expect(left.length).toBe(named.size);
  }, 240_000);
});
