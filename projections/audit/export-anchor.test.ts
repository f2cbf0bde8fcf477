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
import type { TestDatabase } from '@tests/support/test-database';
import { anchorSchema, checkAnchor, type ExportAnchor, readExportAnchor } from './export-anchor';
import { signNextCheckpoint } from './next-checkpoint';

/** Decision 130: an export file tied to the signed checkpoint that recorded its claim's head. */
describe('the anchor of an export', () => {
  let database: TestDatabase;
  let store: EventStore;
  let audit: AuditStore;
  let keys: AuditKeys;
  const lives: ClaimLife[] = [0, 1, 2].map((i) => claimLife(i, claimantNumbered(i)));
  const life = lives[1] as ClaimLife;
  let anchor: ExportAnchor;
  let events: { streamRevision: string; hash: string }[];
  const keyOf = (keyId: string) => keys.verifying.get(keyId);

  async function givenClaims(claims: readonly ClaimLife[]) {
    for (const claim of claims) {
      for (const [step, stepEvents] of claim.steps.entries()) {
        await store.append(claim.streamId, stepEvents, {
          expectedRevision: step === 0 ? 'no_stream' : 'any',
        });
      }
    }
  }

  async function fileEvents(streamId: string) {
    const { rows } = await database.pool.query<{ stream_revision: string; hash: string }>(
      'select stream_revision, hash from events where stream_id = $1 order by stream_revision',
      [streamId],
    );
    return rows.map((row) => ({ streamRevision: row.stream_revision, hash: row.hash }));
  }

  beforeAll(async () => {
    audit = await openAuditStore('export-anchor');
    ({ database, store, keys } = audit);
  });
  afterAll(() => audit?.close());

  it('given no checkpoint, or one without the stream, then an export has no anchor', async () => {
    await givenClaims(lives);
    expect(await readExportAnchor(database.pool, life.streamId)).toBeNull();
    if (!keys.signing) throw new Error('no signing key');
    await signNextCheckpoint(database.pool, {
      key: keys.signing,
      verifying: keys.verifying,
      now: new Date('2026-12-06T10:00:00.000Z'),
    });
    expect(await readExportAnchor(database.pool, 'claim-not-signed')).toBeNull();
  });

  it('given a checkpoint, then the anchor carries it (without its log position), the head and its proof', async () => {
    anchor = (await readExportAnchor(database.pool, life.streamId)) as ExportAnchor;
    events = await fileEvents(life.streamId);
    const head = events.at(-1);
    expect(anchor.leaf).toEqual({ revision: head?.streamRevision, hash: head?.hash });
    expect(anchor.checkpoint).toMatchObject({ sequence: 1, size: 3 });
    expect(anchor.checkpoint).not.toHaveProperty('logPosition');
    expect(anchor.proof).toMatchObject({ treeSize: 3 });
    expect(anchorSchema.parse(JSON.parse(JSON.stringify(anchor)))).toEqual(anchor);
  });

  it('when the file is the chain the checkpoint signed, then it matches, naming the versions it covers', () => {
    const verdict = checkAnchor({ streamId: life.streamId, events, anchor }, keyOf);
    const total = events.length;
    expect(verdict).toEqual({
      ok: true,
      covered: total,
      sentence: `matches signed checkpoint 1 of ${anchor.checkpoint.signedAt}, key ${anchor.checkpoint.keyId} (versions 1–${total} of ${total})`,
    });
    const newer = [...events, { streamRevision: String(total), hash: 'ab' }];
    const later = checkAnchor({ streamId: life.streamId, events: newer, anchor }, keyOf);
    expect(later).toMatchObject({ ok: true, covered: total });
    expect(later.sentence).toMatch(
      new RegExp(
        `\\(versions 1–${total} of ${total + 1}; the 1 after it are newer than the checkpoint\\)$`,
      ),
    );
  });

  it('when the key is not at hand, then the verdict names the key to give', () => {
    expect(checkAnchor({ streamId: life.streamId, events, anchor }, () => undefined)).toEqual({
      ok: false,
      unknownKey: anchor.checkpoint.keyId,
      sentence: `no public key for key ${anchor.checkpoint.keyId}: give it with --public-key`,
    });
  });

  it('when the file stops before the signed version, or has another hash there, then it does not match', () => {
    const which = `signed checkpoint 1 of ${anchor.checkpoint.signedAt}, key ${anchor.checkpoint.keyId}`;
    const signedVersion = events.length;
    const short = checkAnchor(
      { streamId: life.streamId, events: events.slice(0, 1), anchor },
      keyOf,
    );
    expect(short).toEqual({
      ok: false,
      sentence: `does not match ${which}: the file ends at version 1, the checkpoint recorded version ${signedVersion}`,
    });
    const empty = checkAnchor({ streamId: life.streamId, events: [], anchor }, keyOf);
    expect(empty.sentence).toContain('the file ends at version 0,');
    const edited = events.map((event, i) =>
      i === events.length - 1 ? { ...event, hash: 'beef' } : event,
    );
    expect(checkAnchor({ streamId: life.streamId, events: edited, anchor }, keyOf)).toEqual({
      ok: false,
      sentence: `does not match ${which}: version ${signedVersion} of the file has hash beef, the checkpoint recorded ${anchor.leaf.hash}`,
    });
  });

  it('when the proof or the signature does not hold, then the checkpoint’s own verdict says which', () => {
    const otherStream = checkAnchor({ streamId: 'claim-elsewhere', events, anchor }, keyOf);
    expect(otherStream).toEqual({
      ok: false,
      sentence: expect.stringMatching(/: the head is not the one the checkpoint recorded$/),
    });
    const forged = { ...anchor, checkpoint: { ...anchor.checkpoint, size: 4 } };
    expect(
      checkAnchor({ streamId: life.streamId, events, anchor: forged }, keyOf).sentence,
    ).toMatch(/: its signature does not verify with the public key$/);
  });

  it('reads an anchor only with hexadecimal hashes, a numeric revision and a proof of a tree', () => {
    const json = JSON.parse(JSON.stringify(anchor));
    const broken = [
      { ...json, checkpoint: { ...json.checkpoint, rootHash: 'XYZ' } },
      { ...json, checkpoint: { ...json.checkpoint, sequence: 0 } },
      { ...json, checkpoint: { ...json.checkpoint, size: -1 } },
      { ...json, leaf: { ...json.leaf, revision: 'v1' } },
      { ...json, proof: { ...json.proof, path: ['nothex'] } },
      { ...json, proof: { ...json.proof, treeSize: 0 } },
      { ...json, proof: { ...json.proof, leafIndex: -1 } },
    ];
    for (const candidate of broken) {
      expect(anchorSchema.safeParse(candidate).success, JSON.stringify(candidate)).toBe(false);
    }
    const hexError = anchorSchema.safeParse(broken[0]).error?.issues[0]?.message;
    expect(hexError).toBe('must be hexadecimal');
  });
});
