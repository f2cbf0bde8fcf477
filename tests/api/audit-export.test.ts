import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import type { StaffRole } from '@contracts/principals';
import type { AuditExport } from '@projections/audit/audit-export';
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

/** `npm run audit -- verify-export FILE`, with no database in its environment. */
async function verifyExport(file: string) {
  const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'infra/launcher/audit-cli.ts', 'verify-export', file],
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
  });
  afterAll(async () => {
    await api.close();
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
      `ok: ${claimStreamId(submissionId)}, ${last} events, chain and head verified\n`,
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
});
