import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { readLatestCheckpoint } from '@projections/audit/checkpoint-store';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { seedClaims } from '@tests/support/projections/claims-log';
import { parseConfig } from '../config/config';
import { loadAuditKeys } from '../audit/audit-keys';
import { signerTurn } from '../audit/checkpoint-signer';
import { createFilesystemDocumentStorage } from '../documents/filesystem-document-storage';

const run = promisify(execFile);

// Each case starts CLI processes (tsx compiles on start).
describe('audit CLI against the signed checkpoint (decision 130)', { timeout: 90_000 }, () => {
  let harness: Harness;
  let dataDir: string;
  let ids: string[];
  let signedAt = '';
  let keyId = '';

  /** `npm run audit`, against the test database, with the portal's keys under `dataDir`. */
  async function audit(...args: string[]) {
    const env = {
      ...process.env,
      DATABASE_URL: harness.database.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    };
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'infra/launcher/audit-cli.ts', ...args],
        { env },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    harness = await openHarness();
    dataDir = await mkdtemp(join(tmpdir(), 'audit-cli-keys-'));
    ids = await seedClaims(harness, ['ann', 'bob', 'cid', 'dee', 'eve', 'fay']);
    const keys = await loadAuditKeys(parseConfig({ DATA_DIR: dataDir }));
    // What the portal's signer does, its witness copy in the data folder the CLI reads.
    await signerTurn({
      pool: harness.database.pool,
      documents: createFilesystemDocumentStorage(join(dataDir, 'objects')),
      keys,
      intervalMs: 60_000,
      everyEvents: 1_000,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const checkpoint = await readLatestCheckpoint(harness.database.pool);
    signedAt = checkpoint?.signedAt ?? '';
    keyId = checkpoint?.keyId ?? '';
  });
  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports 5 streams rewritten in SQL with their hashes recomputed, all in one run', async () => {
    const which = `signed checkpoint 1 of ${signedAt}, key ${keyId}`;
    const sound = await audit('verify');
    expect(sound.code).toBe(0);
    expect(sound.stdout).toContain(`ok: every head matches ${which}`);
    expect(sound.stdout).toContain(
      'ok: the witness holds 1 checkpoint(s), each as the database has it',
    );
    const first = await audit('claim', ids[0] ?? '');
    expect(first.stdout).toMatch(
      new RegExp(
        `^Hash chain: verified, 5 events\\nSigned checkpoint: matches ${which.replace(/[.+]/g, '\\$&')} \\(version 5\\)\\n`,
      ),
    );

    const tampered = ids.slice(0, 5);
    for (const id of tampered) {
      await rewriteStream(harness.database.pool, claimStreamId(id), 0, (data) => ({
        ...data,
        policyNumber: 'FORGED',
      }));
    }
    const [verify, claim, untouched] = await Promise.all([
      audit('verify'),
      audit('claim', ids[0] ?? ''),
      audit('claim', ids[5] ?? ''),
    ]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(`FAILED: 5 stream(s) do not match the ${which}`);
    for (const id of tampered)
      expect(verify.stdout).toContain(`  ${claimStreamId(id)}: version 5 is `);
    expect(verify.stdout).not.toContain(`  ${claimStreamId(ids[5] ?? '')}:`);

    expect(claim.code).toBe(1);
    expect(claim.stdout).toMatch(/^Hash chain: verified, 5 events\n/);
    expect(claim.stdout).toContain(
      `Signed checkpoint: does not match the ${which}: version 5 is not the event it recorded`,
    );
    expect(untouched.code).toBe(0);
  });

  it('shows checkpoints deleted from the database against the witness kept outside it', async () => {
    await harness.database.pool.query('delete from audit_checkpoint_heads');
    await harness.database.pool.query('delete from audit_checkpoints');
    const verify = await audit('verify');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain("FAILED: 1 of the witness's 1 checkpoint(s) disagree");
    expect(verify.stdout).toContain(
      `  checkpoint 1 of ${signedAt}, key ${keyId} is in the witness but not in the database`,
    );
  });
});
