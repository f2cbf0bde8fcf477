import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { seedClaims } from '@tests/support/projections/claims-log';
import { claimantNumbered, claimLife } from '@tests/support/audit/audit-store';
import { formatStoreReport, verifyAllStreams } from './verify-all-streams';
import { readStreamLinks, verifyEventChains } from './verify-chains';

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

  it('walks every stream whatever its id sorts as, the first and the last included', async () => {
    const store = harness.anotherProcessStore();
    const before = await verifyAllStreams(pool(), { batchSize: 4 });
    // Each stream its own life's events: event ids are unique across the store.
    const eventsOf = (n: number) => claimLife(n, claimantNumbered(n)).steps[0] ?? [];
    const events = eventsOf(5);
    await store.append('Alpha-sorts-first', events, { expectedRevision: 'no_stream' });
    const last = claimLife(6, claimantNumbered(6));
    for (const [step, stepEvents] of last.steps.entries()) {
      await store.append('zz-sorts-last', stepEvents, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
    }
    const after = await verifyAllStreams(pool(), { batchSize: 4 });
    expect(after.streams).toBe(before.streams + 2);
    expect(after.events).toBe(before.events + events.length + last.steps.flat().length);
    expect(after.broken).toEqual(before.broken);
    // The last stream's own end is checked too: its head past its last event is a break.
    await pool().query('alter table events disable trigger user');
    await pool().query(
      `delete from events where stream_id = 'zz-sorts-last'
         and stream_revision = (select max(stream_revision) from events where stream_id = 'zz-sorts-last')`,
    );
    await pool().query('alter table events enable trigger user');
    const cut = await verifyAllStreams(pool(), { batchSize: 4 });
    expect(cut.broken.at(-1)).toMatchObject({ streamId: 'zz-sorts-last', reason: 'head' });
    const { links, head } = await readStreamLinks(pool(), 'Alpha-sorts-first');
    expect(links).toHaveLength(events.length);
    expect(head?.revision).toBe(BigInt(events.length - 1));
    expect(await verifyEventChains(pool(), { streamId: 'Alpha-sorts-first' })).toMatchObject({
      ok: true,
      streams: 1,
      events: events.length,
    });
  });
});
