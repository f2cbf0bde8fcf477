import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { seedClaims } from '@tests/support/projections/claims-log';
import { formatChainReport } from './hash-chain';
import { readStreamLinks, verifyEventChains } from './verify-chains';

describe('event hash chains', () => {
  let harness: Harness;
  let ids: string[];
  const pool = () => harness.database.pool;

  beforeAll(async () => {
    harness = await openHarness();
    ids = await seedClaims(harness, ['ana', 'ben', 'cy']);
  });
  afterAll(() => harness.close());

  it('verifies an untouched store, reading it in batches', async () => {
    const { rows } = await pool().query(
      'select count(distinct stream_id)::int as streams, count(*)::int as events from events',
    );
    const report = await verifyEventChains(pool(), { batchSize: 4 });
    expect(report).toEqual({ ok: true, ...rows[0] });
    expect(rows[0]?.streams).toBe(3 * 2);
    expect(formatChainReport(report)).toBe(
      `ok: ${rows[0]?.streams} streams, ${rows[0]?.events} events`,
    );
  });

  it('names the stream, revision and event id of an edited event', async () => {
    const streamId = claimStreamId(ids[1] as string);
    const { rows } = await pool().query(
      `update events set data = jsonb_set(data, '{policyNumber}', '"X"')
       where stream_id = $1 and stream_revision = 0 returning event_id, hash`,
      [streamId],
    );
    const report = await verifyEventChains(pool(), { batchSize: 4 });
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.broken).toMatchObject({
      reason: 'hash',
      streamId,
      streamRevision: 0n,
      eventId: rows[0]?.event_id,
      stored: rows[0]?.hash,
    });
    expect(report.broken.computed).not.toBe(rows[0]?.hash);
    const text = formatChainReport(report);
    expect(text).toContain(streamId);
    expect(text).toContain(rows[0]?.event_id);
    await pool().query(
      `update events set data = jsonb_set(data, '{policyNumber}', '"POL-1"')
       where stream_id = $1 and stream_revision = 0`,
      [streamId],
    );
    expect((await verifyEventChains(pool())).ok).toBe(true);
  });

  it('finds an event cut off the end of its stream', async () => {
    const streamId = claimStreamId(ids[2] as string);
    const { rows } = await pool().query(
      `delete from events where stream_id = $1
       and stream_revision = (select max(stream_revision) from events where stream_id = $1)
       returning stream_revision`,
      [streamId],
    );
    expect(rows).toEqual([{ stream_revision: '4' }]);
    const report = await verifyEventChains(pool(), { batchSize: 3 });
    expect(report).toMatchObject({
      ok: false,
      broken: { reason: 'head', streamId, streamRevision: 3n },
    });
    // The Audit tab's check of the one stream sees the same.
    expect(await verifyEventChains(pool(), { streamId, batchSize: 2 })).toEqual({
      ok: false,
      streams: 1,
      events: 4,
      broken: report.ok ? undefined : report.broken,
    });
  });

  it('checks one stream alone when given its id', async () => {
    const streamId = claimStreamId(ids[0] as string);
    const { rows } = await pool().query(
      'select count(*)::int as events from events where stream_id = $1',
      [streamId],
    );
    expect(await verifyEventChains(pool(), { streamId, batchSize: 2 })).toEqual({
      ok: true,
      streams: 1,
      events: rows[0]?.events,
    });
    const { rows: edited } = await pool().query(
      `update events set data = jsonb_set(data, '{policyNumber}', '"X"')
       where stream_id = $1 and stream_revision = 1 returning event_id`,
      [streamId],
    );
    if (edited.length === 0) return expect.unreachable('the stream has a second event');
    expect(await verifyEventChains(pool(), { streamId })).toMatchObject({
      ok: false,
      broken: { reason: 'hash', streamId, streamRevision: 1n, eventId: edited[0]?.event_id },
    });
  });
  it('reads one stream’s links in order with its recorded head, and nothing for a stream not stored', async () => {
    const streamId = claimStreamId(ids[2] as string);
    const { rows } = await pool().query<{ stream_revision: string; hash: string }>(
      'select stream_revision, hash from events where stream_id = $1 order by stream_revision',
      [streamId],
    );
    const { links, head } = await readStreamLinks(pool(), streamId);
    expect(links.map((link) => [link.streamRevision, link.hash])).toEqual(
      rows.map((row) => [BigInt(row.stream_revision), row.hash]),
    );
    expect(links.every((link) => link.streamId === streamId)).toBe(true);
    // The head is the stream's recorded one, not its last event read (a test above cuts one off).
    const { rows: heads } = await pool().query<{ revision: string; last_hash: string }>(
      'select revision, last_hash from event_streams where stream_id = $1',
      [streamId],
    );
    expect(head).toEqual({
      revision: BigInt(heads[0]?.revision ?? -1),
      lastHash: heads[0]?.last_hash,
    });
    expect(await readStreamLinks(pool(), 'claim-not-stored')).toEqual({
      links: [],
      head: undefined,
    });
  });
});
