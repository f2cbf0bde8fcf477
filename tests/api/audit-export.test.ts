import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import type { StaffRole } from '@contracts/principals';
import type { AuditExport } from '@projections/audit/audit-export';
import { publicKeyPem, recomputeExport, signCheckpointNow } from '@tests/support/audit/checkpoints';
import { POST as amend } from '@site/pages/api/admin/claims/[submissionId]/index';
import { GET as exportClaim } from '@site/pages/api/admin/claims/[submissionId]/audit-export';
import {
  type ApiHarness,
  alice,
  getRequest,
  jsonRequest,
  openApiHarness,
  pdf,
  staffEtag,
  submitSampleClaim,
  sharedCookies,
} from './api-harness';

const run = promisify(execFile);

/** The portal's public key, as an auditor is handed it (decision 130). */
let publicKeyFile = '';

/** `npm run audit -- verify-export FILE --public-key KEY`, with no database in its environment. */
async function verifyExport(
  file: string,
  args = ['--public-key', publicKeyFile],
  dataDir = '/nonexistent/claims-portal-data',
) {
  // The data folder is where a portal's development key would be: none unless one is given.
  const env = {
    ...process.env,
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    DATA_DIR: dataDir,
  };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'infra/launcher/audit-cli.ts', 'verify-export', file, ...args],
      { env: { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const principals = (role: StaffRole) => ({
  staff: { staffId: `staff-${role}`, email: `${role}@claims.example` },
  staffRole: role,
});

function context(request: Request, submissionId: string, locals: object): APIContext {
  return {
    request,
    params: { submissionId },
    url: new URL(request.url),
    cookies: sharedCookies,
    locals: { requestId: 'test-request', tenant: 'admin', lang: 'en', ...locals },
  } as unknown as APIContext;
}

const exportAs = (submissionId: string, locals: object) =>
  exportClaim(
    context(getRequest(`/api/admin/claims/${submissionId}/audit-export`), submissionId, locals),
  ) as Promise<Response>;

// Each CLI case starts a process (tsx compiles on start).
describe('audit export and verify-export (decision 063)', { timeout: 90_000 }, () => {
  let api: ApiHarness;
  let dir: string;
  let submissionId: string;
  let exported: AuditExport;
  let keyId = '';
  let closed = false;

  const save = async (body: Record<string, unknown>) => {
    const request = jsonRequest(`/api/admin/claims/${submissionId}`, body, {
      'if-match': await staffEtag(submissionId),
    });
    const response = await amend(context(request, submissionId, principals('agent')));
    expect(response.status).toBe(200);
  };
  const fileOf = async (name: string, content: unknown) => {
    const path = join(dir, name);
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  beforeAll(async () => {
    api = await openApiHarness();
    dir = await mkdtemp(join(tmpdir(), 'audit-export-'));
    submissionId = await submitSampleClaim();
    await save({ claimNumber: 'EXP1', status: 'Pending' });
    await save({ benefitAmount: '100.50', decisionLetter: pdf('letter.pdf') });
    await save({ status: 'Approved' });
    keyId = await signCheckpointNow(api);
    publicKeyFile = await fileOf('portal-public.pem', await publicKeyPem(api));
  });
  afterAll(async () => {
    if (!closed) await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives an auditor the stream as a JSON file: events, hashes, chain links, head, who and when', async () => {
    const response = await exportAs(submissionId, principals('auditor'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="audit-export-${submissionId}-[0-9T-]+Z\\.json"$`),
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    exported = (await response.json()) as AuditExport;
    const { rows } = await api.database.pool.query<{ revision: string; last_hash: string }>(
      'select revision, last_hash from event_streams where stream_id = $1',
      [claimStreamId(submissionId)],
    );
    expect(exported).toMatchObject({
      format: 'claims-portal/audit-export',
      formatVersion: 1,
      submissionId,
      streamId: claimStreamId(submissionId),
      exportedBy: { staffId: 'staff-auditor', email: 'auditor@claims.example', role: 'auditor' },
      head: { revision: rows[0]?.revision, lastHash: rows[0]?.last_hash, source: 'event_streams' },
      chainAtExport: { verified: true, events: exported.events.length },
    });
    expect(Date.parse(exported.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(exported.events.length).toBeGreaterThanOrEqual(4);
    expect(exported.events.map((e) => e.version)).toEqual(exported.events.map((_, i) => i + 1));
    for (const [index, event] of exported.events.entries()) {
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(event.previousHash).toBe(exported.events[index - 1]?.hash ?? '');
    }
    expect(exported.events.at(-1)?.hash).toBe(exported.head.lastHash);
  });

  it('refuses anyone but staff, and knows no unknown claim', async () => {
    expect((await exportAs(submissionId, { customer: alice })).status).toBe(401);
    const unknown = await exportAs('01a20212-0000-7000-8000-000000000000', principals('agent'));
    expect(unknown.status).toBe(404);
  });

  it('verifies the file offline, and names the first bad link of a tampered, cut or reordered file', async () => {
    const { events } = exported;
    const tampered = structuredClone(exported) as unknown as {
      events: { data: { changes?: object } }[];
    };
    tampered.events[1] = {
      ...tampered.events[1],
      data: { ...tampered.events[1]?.data, changes: { status: 'Denied' } },
    };
    const reordered = {
      ...exported,
      events: [events[0], events[2], events[1], ...events.slice(3)],
    };
    const relinked = structuredClone(exported) as unknown as { events: { previousHash: string }[] };
    if (relinked.events[2]) relinked.events[2].previousHash = 'f'.repeat(64);
    const last = events.length;
    const [sound, altered, cut, swapped, badLink, notJson, notExport, missing] = await Promise.all([
      verifyExport(await fileOf('sound.json', exported)),
      verifyExport(await fileOf('tampered.json', tampered)),
      verifyExport(await fileOf('cut.json', { ...exported, events: events.slice(0, -1) })),
      verifyExport(await fileOf('reordered.json', reordered)),
      verifyExport(await fileOf('relinked.json', relinked)),
      verifyExport(await fileOf('not-json.json', '{"format": ')),
      verifyExport(await fileOf('other.json', { format: 'something else', events: [] })),
      verifyExport(join(dir, 'no-such-file.json')),
    ]);
    expect(sound).toMatchObject({ code: 0 });
    expect(sound.stdout).toBe(
      `ok: ${claimStreamId(submissionId)}, ${last} events, chain and head verified; matches signed checkpoint 1 of ${exported.anchor?.checkpoint.signedAt}, key ${keyId} (versions 1–${last} of ${last})\n`,
    );

    expect(altered.code).toBe(1);
    expect(altered.stdout).toContain('broken: hash does not match');
    expect(altered.stdout).toContain('version:  2 (stream revision 1)');
    expect(altered.stdout).toContain(`event id: ${events[1]?.eventId}`);
    expect(altered.stdout).toContain('entry:    2 of the file');

    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain('broken: stream head does not match its last event');
    expect(cut.stdout).toContain(`version:  ${last - 1} (stream revision ${last - 2})`);

    expect(swapped.code).toBe(1);
    expect(swapped.stdout).toContain('broken: revision out of sequence');
    expect(swapped.stdout).toContain(`event id: ${events[2]?.eventId}`);
    expect(swapped.stdout).toContain('entry:    2 of the file');

    expect(badLink.code).toBe(1);
    expect(badLink.stdout).toContain(`event id: ${events[2]?.eventId}`);

    expect(notJson).toMatchObject({ code: 1, stderr: expect.stringContaining('not JSON') });
    expect(notExport).toMatchObject({ code: 1, stderr: expect.stringContaining('format') });
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('ENOENT') });
  });

  it('catches a recomputed forgery against the signed checkpoint, and labels that belong to another claim', async () => {
    const events = exported.events;
    const amounts = recomputeExport(exported, (all) =>
      all.map((event) =>
        JSON.stringify(event.data).includes('100.5')
          ? { ...event, data: JSON.parse(JSON.stringify(event.data).replace('100.5', '999.99')) }
          : event,
      ),
    );
    const cut = recomputeExport(exported, (all) => all.slice(0, -1));
    const relabelled = { ...exported, submissionId: '01a20212-0000-7000-8000-000000000001' };
    const eventIds = structuredClone(exported) as unknown as { events: { eventId: string }[] };
    if (eventIds.events[1]) eventIds.events[1].eventId = events[2]?.eventId ?? '';
    const versions = structuredClone(exported) as unknown as { events: { version: number }[] };
    if (versions.events[2]) versions.events[2].version = 99;
    // The forger also rewrites the signed head to the forged one: the proof no longer holds.
    const relinked = structuredClone(amounts) as AuditExport & { anchor: { leaf: object } };
    relinked.anchor.leaf = { revision: amounts.head.revision, hash: amounts.head.lastHash };
    const bare = { ...exported, anchor: null };
    const [forged, truncated, claim, eventId, version, leaf, none, chainOnly, otherKey] =
      await Promise.all([
        verifyExport(await fileOf('amount.json', amounts)),
        verifyExport(await fileOf('truncated.json', cut)),
        verifyExport(await fileOf('claim.json', relabelled)),
        verifyExport(await fileOf('event-id.json', eventIds)),
        verifyExport(await fileOf('version.json', versions)),
        verifyExport(await fileOf('leaf.json', relinked)),
        verifyExport(await fileOf('bare.json', bare)),
        verifyExport(await fileOf('bare2.json', bare), ['--chain-only']),
        verifyExport(await fileOf('sound2.json', exported), [
          '--public-key',
          generateKeyPairSync('ed25519')
            .publicKey.export({ format: 'der', type: 'spki' })
            .toString('base64'),
        ]),
      ]);
    const which = `signed checkpoint 1 of ${exported.anchor?.checkpoint.signedAt}, key ${keyId}`;
    const amountAt = amounts.events.findIndex((e) => JSON.stringify(e.data).includes('999.99'));
    expect(amountAt).toBeGreaterThan(0);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toBe(
      `FAILED: does not match ${which}: version ${events.length} of the file has hash ${amounts.head.lastHash}, the checkpoint recorded ${exported.head.lastHash}\n`,
    );
    expect(truncated.code).toBe(1);
    expect(truncated.stdout).toContain(
      `FAILED: does not match ${which}: the file ends at version ${events.length - 1}, the checkpoint recorded version ${events.length}`,
    );
    expect(claim).toMatchObject({ code: 1, stdout: expect.stringContaining('(streamId)') });
    expect(eventId).toMatchObject({ code: 1, stdout: expect.stringContaining('(eventId)') });
    expect(version).toMatchObject({ code: 1, stdout: expect.stringContaining('(version)') });
    expect(version.stdout).toContain('found:    99');
    expect(leaf.code).toBe(1);
    expect(leaf.stdout).toContain(
      `does not match ${which}: the head is not the one the checkpoint recorded`,
    );
    expect(none).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('no signed checkpoint'),
    });
    expect(chainOnly.code).toBe(0);
    expect(otherKey.code).toBe(1);
    expect(otherKey.stdout).toContain('its signature does not verify with the public key');
  });

  it("takes the portal's own keys without --public-key, and says when it has none", async () => {
    const file = await fileOf('configured.json', exported);
    const [configured, keyless] = await Promise.all([
      verifyExport(file, [], api.runtime.config.DATA_DIR),
      verifyExport(file, []),
    ]);
    expect(configured.code).toBe(0);
    expect(configured.stdout).toContain(`matches signed checkpoint 1 of`);
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain(`no public key for key ${keyId}: give it with --public-key`);
  });

  it('exports a stream whose last event was deleted, saying where its chain breaks', async () => {
    const before = exported.events.length;
    await api.database.pool.query(
      `delete from events where stream_id = $1 and stream_revision = $2`,
      [claimStreamId(submissionId), before - 1],
    );
    const response = await exportAs(submissionId, principals('agent'));
    const cut = (await response.json()) as AuditExport;
    expect(cut.events).toHaveLength(before - 1);
    expect(cut.exportedBy.role).toBe('agent');
    expect(cut.chainAtExport).toEqual({
      verified: false,
      events: before - 1,
      brokenAtVersion: before - 1,
      reason: 'head',
    });
    const checked = await verifyExport(await fileOf('deleted.json', cut));
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('stream head does not match its last event');
  });

  it('verifies a genuine export with the database gone', async () => {
    const file = await fileOf('genuine.json', exported);
    await api.close();
    closed = true;
    const checked = await verifyExport(file);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain(`matches signed checkpoint 1 of`);
  });
});
