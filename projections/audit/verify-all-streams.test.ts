import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { seedClaims } from '@tests/support/projections/claims-log';
import { formatStoreReport, verifyAllStreams } from './verify-all-streams';

describe('audit verify: every broken stream in one run (issue 50)', () => {
  let harness: Harness;
  let ids: string[];
  const pool = () => harness.database.pool;

  beforeAll(async () => {
    harness = await openHarness();
    ids = await seedClaims(harness, ['ana', 'ben', 'cy', 'dee', 'eve', 'fay']);
  });
  afterAll(() => harness.close());

  it('judges an untouched store sound', async () => {
    const report = await verifyAllStreams(pool(), { batchSize: 4 });
    expect(report.broken).toEqual([]);
    expect(report.streams).toBe(6 * 2);
    expect(formatStoreReport(report)).toMatch(/^ok: 12 streams, \d+ events$/);
  });

  it('names all 5 of 5 tampered streams, each at its first bad link', async () => {
    const tampered = ids.slice(0, 5).map((id) => claimStreamId(id));
    for (const streamId of tampered.slice(0, 4)) {
      await pool().query(
        `update events set data = jsonb_set(data, '{policyNumber}', '"X"')
         where stream_id = $1 and stream_revision = 1`,
        [streamId],
      );
    }
    await pool().query(
      `delete from events where stream_id = $1
       and stream_revision = (select max(stream_revision) from events where stream_id = $1)`,
      [tampered[4]],
    );
    const report = await verifyAllStreams(pool(), { batchSize: 3 });
    expect(report.broken.map((link) => link.streamId).sort()).toEqual([...tampered].sort());
    expect(report.broken.filter((link) => link.reason === 'hash')).toHaveLength(4);
    expect(report.broken.find((link) => link.streamId === tampered[4])?.reason).toBe('head');
    const text = formatStoreReport(report);
    expect(text).toContain('FAILED: 5 of 12 streams broken');
    for (const streamId of tampered) expect(text).toContain(streamId);
  });
  it('reports each broken stream in the lines of a chain break, without the count of sound events', () => {
    const broken = {
      reason: 'head' as const,
      streamId: 'claim-x',
      streamRevision: 2n,
      eventId: 'e2',
      stored: 'no stream head',
      computed: 'h2',
    };
    expect(formatStoreReport({ streams: 3, events: 9, broken: [broken] }).split('\n')).toEqual([
      'FAILED: 1 of 3 streams broken',
      'broken: stream head does not match its last event',
      '  stream:   claim-x',
      '  version:  3 (stream revision 2)',
      '  event id: e2',
      '  stored:   no stream head',
      '  computed: h2',
    ]);
  });
});
