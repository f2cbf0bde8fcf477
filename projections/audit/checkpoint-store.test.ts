import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import {
  insertCheckpoint,
  markPublished,
  markWitnessed,
  readLeaves,
  readUnshipped,
  type StoredCheckpoint,
} from './checkpoint-store';

const checkpoint = (sequence: number): StoredCheckpoint => ({
  sequence,
  size: 1,
  rootHash: 'ab'.repeat(32),
  signedAt: '2026-12-06T10:00:00.000Z',
  keyId: 'k1',
  signature: 'c2lnbmF0dXJl',
  logPosition: 42n,
});
const leaf = (streamId: string) => ({ streamId, revision: 3n, hash: 'cd'.repeat(32) });

/** Given stored checkpoints, when the witness copy and the Kafka publication are marked, then what is left to ship. */
describe('the checkpoint store', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('given a new checkpoint, then it is to be witnessed, and published where Kafka is on', async () => {
    await insertCheckpoint(database.pool, undefined, checkpoint(1), [leaf('claim-a')]);
    expect(await readUnshipped(database.pool, false)).toEqual([
      { ...checkpoint(1), witnessed: false, published: false },
    ]);
    expect(await readLeaves(database.pool, 1)).toEqual([leaf('claim-a')]);
  });

  it('when witnessed, then only Kafka still wants it; when published too, then nothing is left', async () => {
    await markWitnessed(database.pool, 1, 'audit-checkpoints/1.json');
    expect(await readUnshipped(database.pool, false)).toEqual([]);
    expect(await readUnshipped(database.pool, true)).toEqual([
      { ...checkpoint(1), witnessed: true, published: false },
    ]);
    await markPublished(database.pool, 1);
    expect(await readUnshipped(database.pool, true)).toEqual([]);
    await insertCheckpoint(database.pool, undefined, checkpoint(2), []);
    await markPublished(database.pool, 2);
    expect(await readUnshipped(database.pool, true)).toEqual([
      { ...checkpoint(2), witnessed: false, published: true },
    ]);
  });

  it('given a checkpoint whose sequence is taken, then nothing of it is stored and the connection is sound', async () => {
    await expect(
      insertCheckpoint(database.pool, undefined, checkpoint(1), [leaf('claim-b')]),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await database.pool.query<{ n: string }>(
      "select count(*) as n from audit_checkpoint_heads where stream_id = 'claim-b'",
    );
    expect(rows[0]?.n).toBe('0');
    for (let i = 0; i < 3; i += 1) {
      await expect(database.pool.query('select 1')).resolves.toBeTruthy();
    }
  });
});
