import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { seedClaims } from '@tests/support/projections/claims-log';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'audit-cli-'));

/** Runs the CLI as `npm run audit` would, against the test database. */
async function audit(url: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'infra/launcher/audit-cli.ts', ...args],
      // A data folder of its own: no witness copies or keys of a portal run in this checkout.
      {
        env: {
          ...process.env,
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each case starts a CLI process or a few (tsx compiles on start).
describe('audit CLI', { timeout: 90_000 }, () => {
  let harness: Harness;
  let id: string;
  const url = () => harness.database.url;

  beforeAll(async () => {
    harness = await openHarness();
    [id = ''] = await seedClaims(harness, ['ivy']);
  });
  afterAll(() => harness.close());

  it('prints a claim event by event, its state at a moment, and exits 1 for an unknown claim', async () => {
    const [timeline, asOf, unknown, badTime] = await Promise.all([
      audit(url(), 'claim', id),
      audit(url(), 'claim', id, '--as-of', '2030-01-01T00:00:00Z'),
      audit(url(), 'claim', '01a20212-0000-7000-8000-000000000000'),
      audit(url(), 'claim', id, '--as-of', 'yesterday'),
    ]);
    expect(timeline.code).toBe(0);
    expect(timeline.stdout).toMatch(/^Hash chain: verified, 5 events\n/);
    expect(timeline.stdout).toContain('Version 4 · ClaimAmendedByStaff');
    expect(timeline.stdout).toContain('status: "Submitted" → "Approved"');
    expect(asOf).toMatchObject({ code: 0 });
    expect(asOf.stdout).toContain('(version 5):\n{"status":"Approved"');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no claim with submission id');
    expect(badTime.code).toBe(2);
  });

  it('verifies the hash chains, and names the first broken link', async () => {
    const sound = await audit(url(), 'verify');
    expect(sound.code).toBe(0);
    expect(sound.stdout).toMatch(
      /^ok: 2 streams, 6 events\ncheckpoint: none signed yet\nok: the witness holds 0 checkpoint\(s\), each as the database has it\ndocuments ok: \d+ objects match their sha256\n$/,
    );

    const { rows } = await harness.database.pool.query(
      `update events set data = jsonb_set(data, '{policyNumber}', '"X"')
       where stream_id = $1 and stream_revision = 0 returning event_id`,
      [claimStreamId(id)],
    );
    const broken = await audit(url(), 'verify', '--batch-size', '2');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`stream:   ${claimStreamId(id)}`);
    expect(broken.stdout).toContain('version:  1 (stream revision 0)');
    expect(broken.stdout).toContain(`event id: ${rows[0]?.event_id}`);
    expect(broken.stdout).toContain('FAILED: 1 of 2 streams broken');

    const claim = await audit(url(), 'claim', id);
    expect(claim.code).toBe(1);
    expect(claim.stdout).toMatch(/^Hash chain: broken: hash does not match\n/);
    expect(claim.stdout).toContain('Version 4 · ClaimAmendedByStaff');
  });
});
