import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsProjection } from '@projections/claims/claims-projection';
import { projectAll, seedClaims } from '@tests/support/projections/claims-log';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';

const run = promisify(execFile);

/** Runs the CLI as `npm run projections:…` would, against the test database. */
async function projectionsCli(url: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'infra/launcher/projections-cli.ts', ...args],
      { env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each case starts a CLI process or a few (tsx compiles on start).
describe('projections CLI', { timeout: 90_000 }, () => {
  let harness: Harness;
  let id: string;
  const url = () => harness.database.url;

  beforeAll(async () => {
    harness = await openHarness();
    [id = ''] = await seedClaims(harness, ['jo']);
    await projectAll(harness, claimsProjection);
  });
  afterAll(() => harness.close());

  it('refuses bad arguments with exit code 2', async () => {
    const results = await Promise.all([
      projectionsCli(url()),
      projectionsCli(url(), 'rebuild', 'nope'),
      projectionsCli(url(), 'verify', '--batch-size', '0'),
    ]);
    expect(results.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(results[1]?.stderr).toContain('unknown projection: nope');
  });

  it('verifies, exits 1 naming a hand-edited row, and rebuilds it right', async () => {
    const sound = await projectionsCli(url(), 'verify');
    expect(sound.code).toBe(0);
    expect(sound.stdout).toContain('verified claims at checkpoint');

    await harness.database.pool.query(
      `update claims set claim_number = 'EDITED' where submission_id = $1`,
      [id],
    );
    const edited = await projectionsCli(url(), 'verify', 'claims');
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain(`claims (submission_id="${id}") differs`);
    expect(edited.stdout).toContain('claim_number: live "EDITED", rebuilt "R0JO"');

    const rebuilt = await projectionsCli(url(), 'rebuild', '--batch-size', '2');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/^rebuilt claims: 5 events applied in [\d.]+ s, \d+ events\/s/);
    expect((await projectionsCli(url(), 'verify')).code).toBe(0);
  });
});
