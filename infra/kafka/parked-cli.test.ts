import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@contracts/event-store';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { listParked, park } from './relay-parking';

const run = promisify(execFile);
const cli = (url: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/kafka/parked-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: url },
  });

const parkedEvent = (revision: bigint, eventId: string): RecordedEvent => ({
  streamId: 'claim-0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  streamRevision: revision,
  position: { commit: 100n + revision, prepare: 200n + revision },
  type: 'ClaimAmendedByStaff',
  data: { submissionId: '0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
  metadata: {
    eventId,
    occurredAt: '2026-11-25T12:00:00.000Z',
    actor: { kind: 'staff', id: 's' },
    correlationId: 'c',
    causationId: 'c',
    tenant: 'base',
    schemaVersion: 9,
  },
  hash: 'h',
});

describe('npm run kafka:parked', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('lists parked events with their errors and asks the relay to retry them', async () => {
    expect((await cli(database.url, 'list')).stdout).toBe('no parked events\n');
    await park(database.pool, 'kafka-relay', [
      {
        event: parkedEvent(1n, '0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01'),
        error: 'ClaimAmendedByStaff v9 is newer than this code (v1)',
      },
      {
        event: parkedEvent(2n, '0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02'),
        error: 'waiting behind',
      },
    ]);
    const listed = (await cli(database.url, 'list')).stdout;
    expect(listed).toContain('claim 0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(listed).toContain('ClaimAmendedByStaff v9 is newer than this code (v1)');
    expect((await cli(database.url, 'retry')).stdout).toMatch(/retry requested for 2 parked/);
    expect((await listParked(database.pool)).every((p) => p.retryRequested)).toBe(true);
    await expect(cli(database.url, 'drop')).rejects.toMatchObject({ code: 2 });
  });
});
