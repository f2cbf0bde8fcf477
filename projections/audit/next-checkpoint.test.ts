import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import {
  type AuditKeys,
  type ClaimLife,
  claimantNumbered,
  claimLife,
  type AuditStore,
  openAuditStore,
} from '@tests/support/audit/audit-store';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import type { TestDatabase } from '@tests/support/test-database';
import { readLatestCheckpoint, readLeaves } from './checkpoint-store';
import { signNextCheckpoint } from './next-checkpoint';

/**
 * Decision 130 from the signer's side: given the log and the checkpoints before, when the
 * next checkpoint is signed, then which heads it takes, which it carries forward, and when
 * it refuses to build on what is stored.
 */
describe('the next checkpoint', () => {
  let database: TestDatabase;
  let store: EventStore;
  let audit: AuditStore;
  let keys: AuditKeys;
  const lives: ClaimLife[] = [0, 1, 2].map((i) => claimLife(i, claimantNumbered(i)));
  const pool = () => database.pool;
  let clock = new Date('2026-12-06T10:00:00.000Z');

  const whenSigned = (verifying = keys.verifying) => {
    if (!keys.signing) throw new Error('no signing key');
    clock = new Date(clock.getTime() + 60_000);
    return signNextCheckpoint(pool(), { key: keys.signing, verifying, now: clock });
  };
  const given = async (life: ClaimLife, steps = life.steps) => {
    for (const [step, events] of steps.entries()) {
      await store.append(life.streamId, events, {
        expectedRevision: step === 0 && steps === life.steps ? 'no_stream' : 'any',
      });
    }
  };
  const leafOf = async (streamId: string, sequence: number) =>
    (await readLeaves(pool(), sequence)).find((leaf) => leaf.streamId === streamId);

  beforeAll(async () => {
    audit = await openAuditStore('next-checkpoint');
    ({ database, store, keys } = audit);
  });
  afterAll(() => audit?.close());

  it('given streams and no checkpoint, then the first takes every head', async () => {
    for (const life of lives) await given(life);
    const first = await whenSigned();
    expect(first).toMatchObject({
      changed: 3,
      rewritten: [],
      checkpoint: { sequence: 1, size: 3 },
    });
    expect(await readLatestCheckpoint(pool())).toMatchObject({ sequence: 1 });
  });

  it('given nothing new, then the next one changes no head', async () => {
    expect(await whenSigned()).toMatchObject({
      changed: 0,
      rewritten: [],
      checkpoint: { sequence: 2 },
    });
  });

  it('given events on one stream, then only its head moves', async () => {
    const life = lives[2] as ClaimLife;
    const before = await leafOf(life.streamId, 2);
    // Events of another life: the same ones again would be deduplicated by their ids.
    await given(life, [claimLife(7, claimantNumbered(7)).steps.at(-1) ?? []]);
    const next = await whenSigned();
    expect(next).toMatchObject({ changed: 1, rewritten: [], checkpoint: { size: 3 } });
    const after = await leafOf(life.streamId, next.checkpoint.sequence);
    expect(after?.revision).toBeGreaterThan(before?.revision ?? 0n);
  });

  it('given a rewrite of a signed stream, then its signed head is carried forward and reported', async () => {
    const life = lives[0] as ClaimLife;
    const signed = await leafOf(life.streamId, 3);
    await rewriteStream(pool(), life.streamId, 0, (data) => ({ ...data, policyNumber: 'X' }));
    const next = await whenSigned();
    expect(next.changed).toBe(0);
    expect(next.rewritten).toEqual([
      {
        streamId: life.streamId,
        signed,
        live: { streamId: life.streamId, revision: signed?.revision, hash: expect.any(String) },
      },
    ]);
    expect(next.rewritten[0]?.live?.hash).not.toBe(signed?.hash);
    expect(await leafOf(life.streamId, next.checkpoint.sequence)).toEqual(signed);
  });

  it('given a signed stream cut back before its signed head, then that head is carried forward', async () => {
    const life = lives[1] as ClaimLife;
    const signed = await leafOf(life.streamId, 4);
    if (!signed || signed.revision < 1n) throw new Error('the stream is too short to cut');
    await pool().query('alter table events disable trigger user');
    await pool().query('delete from events where stream_id = $1 and stream_revision = $2', [
      life.streamId,
      signed.revision.toString(),
    ]);
    const { rows } = await pool().query<{ hash: string }>(
      'select hash from events where stream_id = $1 and stream_revision = $2',
      [life.streamId, (signed.revision - 1n).toString()],
    );
    await pool().query(
      'update event_streams set revision = $2, last_hash = $3 where stream_id = $1',
      [life.streamId, (signed.revision - 1n).toString(), rows[0]?.hash],
    );
    await pool().query('alter table events enable trigger user');
    const next = await whenSigned();
    expect(next.rewritten.map((r) => r.streamId)).toContain(life.streamId);
    const cut = next.rewritten.find((r) => r.streamId === life.streamId);
    expect(cut?.live?.revision).toBe(signed.revision - 1n);
    expect(await leafOf(life.streamId, next.checkpoint.sequence)).toEqual(signed);
  });

  it('given a signed stream deleted outright, then its signed head is carried forward with no live head', async () => {
    const life = lives[2] as ClaimLife;
    const latest = await readLatestCheckpoint(pool());
    const signed = await leafOf(life.streamId, latest?.sequence ?? 0);
    await pool().query('alter table events disable trigger user');
    await pool().query('delete from events where stream_id = $1', [life.streamId]);
    await pool().query('alter table event_streams disable trigger user');
    await pool().query('delete from event_streams where stream_id = $1', [life.streamId]);
    await pool().query('alter table event_streams enable trigger user');
    await pool().query('alter table events enable trigger user');
    const next = await whenSigned();
    expect(next.rewritten).toContainEqual({ streamId: life.streamId, signed, live: undefined });
    expect(await leafOf(life.streamId, next.checkpoint.sequence)).toEqual(signed);
  });

  it('given stored heads that do not give the signed root, or no key for it, then it refuses to sign', async () => {
    const latest = await readLatestCheckpoint(pool());
    if (!latest) throw new Error('no checkpoint');
    await expect(whenSigned(new Map())).rejects.toThrow(
      `checkpoint ${latest.sequence} of ${latest.signedAt} (key ${latest.keyId}): no public key with id ${latest.keyId} is configured`,
    );
    const life = lives[2] as ClaimLife;
    await pool().query(
      `update audit_checkpoint_heads set hash = 'beef'
        where stream_id = $1 and from_sequence = (select max(from_sequence) from audit_checkpoint_heads where stream_id = $1)`,
      [life.streamId],
    );
    await expect(whenSigned()).rejects.toThrow(
      /\): the heads stored for it do not give its signed root$/,
    );
    await expect(whenSigned()).rejects.toMatchObject({ name: 'CheckpointIntegrityError' });
    await pool().query(
      "update audit_checkpoints set signature = 'AAAA' where sequence = (select max(sequence) from audit_checkpoints)",
    );
    await expect(whenSigned()).rejects.toThrow(/\): its signature does not verify$/);
  });
});
