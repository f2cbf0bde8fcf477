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
import { readLeaves } from './checkpoint-store';
import {
  describeHeadCheck,
  describeStoreCheck,
  storeAgainstCheckpoint,
  streamAgainstCheckpoint,
} from './head-against-checkpoint';
import { signNextCheckpoint } from './next-checkpoint';

/**
 * Decision 130 from the reader's side: a stream's live chain against the newest signed
 * checkpoint, given events and checkpoints, when the store is checked, then the verdict
 * and the sentence the CLI prints.
 */
describe('heads against the newest signed checkpoint', () => {
  let database: TestDatabase;
  let store: EventStore;
  let audit: AuditStore;
  let keys: AuditKeys;
  const lives: ClaimLife[] = [0, 1].map((i) => claimLife(i, claimantNumbered(i)));
  const signedAt = new Date('2026-12-06T10:00:00.000Z');
  const pool = () => database.pool;

  async function givenClaims(claims: readonly ClaimLife[]) {
    for (const life of claims) {
      for (const [step, events] of life.steps.entries()) {
        await store.append(life.streamId, events, {
          expectedRevision: step === 0 ? 'no_stream' : 'any',
        });
      }
    }
  }
  const givenACheckpoint = async () => {
    if (!keys.signing) throw new Error('no signing key');
    return signNextCheckpoint(pool(), {
      key: keys.signing,
      verifying: keys.verifying,
      now: signedAt,
    });
  };
  const signedHeadOf = async (streamId: string, sequence: number) => {
    const leaf = (await readLeaves(pool(), sequence)).find((l) => l.streamId === streamId);
    if (!leaf) throw new Error(`no signed head for ${streamId}`);
    return leaf;
  };

  beforeAll(async () => {
    audit = await openAuditStore('head-against-checkpoint');
    ({ database, store, keys } = audit);
  });
  afterAll(() => audit?.close());

  it('given no checkpoint, then no stream is covered and the store says none is signed', async () => {
    await givenClaims(lives);
    const life = lives[0] as ClaimLife;
    const check = await streamAgainstCheckpoint(pool(), life.streamId, keys.verifying);
    expect(check).toEqual({ state: 'none' });
    expect(describeHeadCheck(check)).toBe('Signed checkpoint: none covers this stream yet');
    const storeCheck = await storeAgainstCheckpoint(pool(), keys.verifying);
    expect(storeCheck).toEqual({ rewritten: [] });
    expect(describeStoreCheck(storeCheck)).toEqual(['checkpoint: none signed yet']);
  });

  it('given a checkpoint over every head, then each stream matches it at its signed version', async () => {
    const { checkpoint } = await givenACheckpoint();
    const life = lives[1] as ClaimLife;
    const leaf = await signedHeadOf(life.streamId, checkpoint.sequence);
    const name = {
      sequence: checkpoint.sequence,
      signedAt: signedAt.toISOString(),
      keyId: checkpoint.keyId,
    };
    const check = await streamAgainstCheckpoint(pool(), life.streamId, keys.verifying);
    expect(check).toEqual({
      state: 'matches',
      checkpoint: name,
      signedVersion: Number(leaf.revision) + 1,
    });
    expect(describeHeadCheck(check)).toBe(
      `Signed checkpoint: matches signed checkpoint ${name.sequence} of ${name.signedAt}, key ${name.keyId} (version ${Number(leaf.revision) + 1})`,
    );
    const storeCheck = await storeAgainstCheckpoint(pool(), keys.verifying);
    expect(storeCheck).toEqual({ checkpoint: name, rewritten: [] });
    expect(describeStoreCheck(storeCheck)).toEqual([
      `ok: every head matches signed checkpoint ${name.sequence} of ${name.signedAt}, key ${name.keyId}`,
    ]);
    expect(await streamAgainstCheckpoint(pool(), 'claim-never-signed', keys.verifying)).toEqual({
      state: 'none',
    });
  });

  it('given events after the checkpoint, then the stream still matches the head it signed', async () => {
    const life = lives[0] as ClaimLife;
    const more = claimLife(0, claimantNumbered(0)).steps.at(-1) ?? [];
    await store.append(life.streamId, more, { expectedRevision: 'any' });
    const check = await streamAgainstCheckpoint(pool(), life.streamId, keys.verifying);
    expect(check.state).toBe('matches');
  });

  it('given a rewrite of a signed stream, then it and only it is reported rewritten, with both hashes', async () => {
    const life = lives[1] as ClaimLife;
    const leaf = await signedHeadOf(life.streamId, 1);
    await rewriteStream(pool(), life.streamId, 0, (data) => ({ ...data, policyNumber: 'X' }));
    const check = await streamAgainstCheckpoint(pool(), life.streamId, keys.verifying);
    const signedVersion = Number(leaf.revision) + 1;
    expect(check).toMatchObject({ state: 'rewritten', signedVersion, signedHash: leaf.hash });
    expect(describeHeadCheck(check)).toMatch(
      new RegExp(
        `^Signed checkpoint: does not match the signed checkpoint 1 of .*: version ${signedVersion} is not the event it recorded \\(signed hash ${leaf.hash}\\)$`,
      ),
    );
    const storeCheck = await storeAgainstCheckpoint(pool(), keys.verifying);
    const { rows } = await pool().query<{ hash: string }>(
      'select hash from events where stream_id = $1 and stream_revision = $2',
      [life.streamId, leaf.revision.toString()],
    );
    expect(storeCheck.rewritten).toEqual([{ leaf, liveHash: rows[0]?.hash }]);
    const lines = describeStoreCheck(storeCheck);
    expect(lines[0]).toMatch(/^FAILED: 1 stream\(s\) do not match the signed checkpoint 1 of /);
    expect(lines[1]).toBe(
      `  ${life.streamId}: version ${signedVersion} is ${rows[0]?.hash}, signed ${leaf.hash}`,
    );
  });

  it('given a signed event deleted, then its live hash is missing', async () => {
    const life = lives[1] as ClaimLife;
    const leaf = await signedHeadOf(life.streamId, 1);
    await pool().query('alter table events disable trigger user');
    await pool().query('delete from events where stream_id = $1 and stream_revision = $2', [
      life.streamId,
      leaf.revision.toString(),
    ]);
    await pool().query('alter table events enable trigger user');
    const storeCheck = await storeAgainstCheckpoint(pool(), keys.verifying);
    expect(storeCheck.rewritten).toEqual([{ leaf, liveHash: null }]);
    expect(describeStoreCheck(storeCheck)[1]).toBe(
      `  ${life.streamId}: version ${Number(leaf.revision) + 1} is missing, signed ${leaf.hash}`,
    );
  });

  it('given no key for the checkpoint, then neither a stream nor the store can trust it', async () => {
    const life = lives[0] as ClaimLife;
    const check = await streamAgainstCheckpoint(pool(), life.streamId, new Map());
    expect(check).toMatchObject({
      state: 'untrusted',
      checkpoint: { sequence: 1 },
      why: expect.stringMatching(/^no public key with id /),
    });
    expect(describeHeadCheck(check)).toMatch(
      /^Signed checkpoint: signed checkpoint 1 of .* cannot be trusted: no public key with id /,
    );
    const storeCheck = await storeAgainstCheckpoint(pool(), new Map());
    expect(storeCheck).toMatchObject({ checkpoint: { sequence: 1 }, rewritten: [] });
    expect(storeCheck.untrusted).toMatch(/^no public key with id /);
    expect(describeStoreCheck(storeCheck)).toEqual([
      expect.stringMatching(/^FAILED: signed checkpoint 1 of .* cannot be trusted: no public key/),
    ]);
  });
});
