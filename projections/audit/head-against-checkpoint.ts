import type { KeyObject } from 'node:crypto';
import type { SqlClient } from '../runner/sql';
import { type Checkpoint, type HeadLeaf, proveHead, verifyHeadAgainst } from './checkpoint';
import { readLatestCheckpoint, readLeaves } from './checkpoint-store';
import { checkpointFault } from './next-checkpoint';

/** The checkpoint as people read it: which, when, by which key. */
interface CheckpointName {
  readonly sequence: number;
  readonly signedAt: string;
  readonly keyId: string;
}

const nameOf = ({ sequence, signedAt, keyId }: Checkpoint): CheckpointName => ({
  sequence,
  signedAt,
  keyId,
});

/**
 * A stream's live chain against the newest signed checkpoint (decision 130). `matches`: the
 * chain passes through the head the checkpoint signed (`signedVersion`), later events are
 * newer than it; `rewritten`: the stream's event at the signed revision is not the one
 * signed (a database rewrite, hashes recomputed or not); `untrusted`: the checkpoint itself
 * does not verify (signature, unknown key, or its stored heads do not give its root).
 */
export type HeadCheck =
  | { readonly state: 'none' }
  | {
      readonly state: 'matches';
      readonly checkpoint: CheckpointName;
      readonly signedVersion: number;
    }
  | {
      readonly state: 'rewritten';
      readonly checkpoint: CheckpointName;
      readonly signedVersion: number;
      readonly signedHash: string;
    }
  | { readonly state: 'untrusted'; readonly checkpoint: CheckpointName; readonly why: string };

/** Every stream of the store whose chain no longer passes through its signed head. */
export interface StoreCheck {
  readonly checkpoint?: CheckpointName;
  readonly untrusted?: string;
  readonly rewritten: readonly { readonly leaf: HeadLeaf; readonly liveHash: string | null }[];
}

interface SignedLeaves {
  readonly checkpoint: Checkpoint;
  readonly leaves: readonly HeadLeaf[];
  readonly fault: string | undefined;
}

async function newestSigned(
  client: SqlClient,
  verifying: ReadonlyMap<string, KeyObject>,
): Promise<SignedLeaves | undefined> {
  const checkpoint = await readLatestCheckpoint(client);
  if (!checkpoint) return undefined;
  const leaves = await readLeaves(client, checkpoint.sequence);
  return { checkpoint, leaves, fault: checkpointFault(checkpoint, leaves, verifying) };
}

/** The hash each (stream, revision) has now, for the signed leaves given. */
async function liveHashes(client: SqlClient, leaves: readonly HeadLeaf[]) {
  const { rows } = await client.query<{ stream_id: string; hash: string | null }>(
    `select l.s as stream_id, e.hash
       from unnest($1::text[], $2::bigint[]) as l(s, r)
       left join events e on e.stream_id = l.s and e.stream_revision = l.r`,
    [leaves.map((leaf) => leaf.streamId), leaves.map((leaf) => leaf.revision.toString())],
  );
  return new Map(rows.map((row) => [row.stream_id, row.hash]));
}

/** One stream against the newest checkpoint: the Audit tab and `npm run audit -- claim`. */
export async function streamAgainstCheckpoint(
  client: SqlClient,
  streamId: string,
  verifying: ReadonlyMap<string, KeyObject>,
): Promise<HeadCheck> {
  const signed = await newestSigned(client, verifying);
  const leaf = signed?.leaves.find((candidate) => candidate.streamId === streamId);
  if (!signed || !leaf) return { state: 'none' };
  const checkpoint = nameOf(signed.checkpoint);
  if (signed.fault) return { state: 'untrusted', checkpoint, why: signed.fault };
  const proof = proveHead(signed.leaves, streamId);
  const key = verifying.get(signed.checkpoint.keyId);
  if (
    !proof ||
    !key ||
    !verifyHeadAgainst(leaf, proof, signed.checkpoint, key, checkpoint.keyId).ok
  ) {
    return { state: 'untrusted', checkpoint, why: 'the proof of this head does not verify' };
  }
  const signedVersion = Number(leaf.revision) + 1;
  const live = (await liveHashes(client, [leaf])).get(streamId);
  return live === leaf.hash
    ? { state: 'matches', checkpoint, signedVersion }
    : { state: 'rewritten', checkpoint, signedVersion, signedHash: leaf.hash };
}

/** Every signed head against the live store: `npm run audit -- verify`. */
export async function storeAgainstCheckpoint(
  client: SqlClient,
  verifying: ReadonlyMap<string, KeyObject>,
): Promise<StoreCheck> {
  const signed = await newestSigned(client, verifying);
  if (!signed) return { rewritten: [] };
  const checkpoint = nameOf(signed.checkpoint);
  if (signed.fault) return { checkpoint, untrusted: signed.fault, rewritten: [] };
  const live = await liveHashes(client, signed.leaves);
  const rewritten = signed.leaves
    .filter((leaf) => live.get(leaf.streamId) !== leaf.hash)
    .map((leaf) => ({ leaf, liveHash: live.get(leaf.streamId) ?? null }));
  return { checkpoint, rewritten };
}

const checkpointWords = (c: CheckpointName) =>
  `signed checkpoint ${c.sequence} of ${c.signedAt}, key ${c.keyId}`;

/** The CLI's sentence for one stream, the same verdict the Audit tab shows. */
export function describeHeadCheck(check: HeadCheck): string {
  switch (check.state) {
    case 'none':
      return 'Signed checkpoint: none covers this stream yet';
    case 'matches':
      return `Signed checkpoint: matches ${checkpointWords(check.checkpoint)} (version ${check.signedVersion})`;
    case 'rewritten':
      return `Signed checkpoint: does not match the ${checkpointWords(check.checkpoint)}: version ${check.signedVersion} is not the event it recorded (signed hash ${check.signedHash})`;
    case 'untrusted':
      return `Signed checkpoint: ${checkpointWords(check.checkpoint)} cannot be trusted: ${check.why}`;
    default: {
      const never: never = check;
      return never;
    }
  }
}

/** The lines `verify` adds after the chain report; empty when every signed head holds. */
export function describeStoreCheck(check: StoreCheck): string[] {
  if (!check.checkpoint) return ['checkpoint: none signed yet'];
  const which = checkpointWords(check.checkpoint);
  if (check.untrusted) return [`FAILED: ${which} cannot be trusted: ${check.untrusted}`];
  if (check.rewritten.length === 0) return [`ok: every head matches ${which}`];
  return [
    `FAILED: ${check.rewritten.length} stream(s) do not match the ${which}`,
    ...check.rewritten.map(
      ({ leaf, liveHash }) =>
        `  ${leaf.streamId}: version ${leaf.revision + 1n} is ${liveHash ?? 'missing'}, signed ${leaf.hash}`,
    ),
  ];
}
