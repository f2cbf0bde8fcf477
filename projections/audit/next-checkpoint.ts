import type { KeyObject } from 'node:crypto';
import type { Fence } from '../runner/lease';
import type { SqlClient, SqlPool } from '../runner/sql';
import {
  type Checkpoint,
  checkpointSignatureValid,
  type HeadLeaf,
  rootOf,
  type SigningKey,
  signCheckpoint,
} from './checkpoint';
import { insertCheckpoint, LEAVES_SQL, readLatestCheckpoint } from './checkpoint-store';

/** One stream as the signer finds it: its live head, its signed leaf, and its event at that leaf. */
interface HeadRow {
  stream_id: string;
  live_revision: string | null;
  live_hash: string | null;
  signed_revision: string | null;
  signed_hash: string | null;
  hash_at_signed: string | null;
}

const HEADS_SQL = `with signed as (${LEAVES_SQL})
  select coalesce(s.stream_id, p.stream_id) as stream_id,
         s.revision as live_revision, s.last_hash as live_hash,
         p.revision as signed_revision, p.hash as signed_hash, e.hash as hash_at_signed
    from event_streams s
    full join signed p on p.stream_id = s.stream_id
    left join events e on e.stream_id = p.stream_id and e.stream_revision = p.revision`;

/** A stream whose live chain no longer passes through the head a checkpoint signed. */
interface RewrittenStream {
  readonly streamId: string;
  readonly signed: HeadLeaf;
  readonly live: HeadLeaf | undefined;
}

interface NextLeaves {
  readonly leaves: readonly HeadLeaf[];
  readonly changed: readonly HeadLeaf[];
  readonly rewritten: readonly RewrittenStream[];
}

/**
 * The leaves of the next checkpoint: each stream's live head when its chain still passes
 * through the head signed before (the event at the signed revision has the signed hash);
 * otherwise the signed head is carried forward unchanged, so a rewrite of the database is
 * never signed over and stays reported against every later checkpoint.
 */
function nextLeaves(rows: readonly HeadRow[]): NextLeaves {
  const leaves: HeadLeaf[] = [];
  const changed: HeadLeaf[] = [];
  const rewritten: RewrittenStream[] = [];
  for (const row of rows) {
    const live =
      row.live_revision === null || row.live_hash === null
        ? undefined
        : { streamId: row.stream_id, revision: BigInt(row.live_revision), hash: row.live_hash };
    const signed =
      row.signed_revision === null || row.signed_hash === null
        ? undefined
        : { streamId: row.stream_id, revision: BigInt(row.signed_revision), hash: row.signed_hash };
    if (!signed) {
      if (live) {
        leaves.push(live);
        changed.push(live);
      }
      continue;
    }
    const extends_ = live && live.revision >= signed.revision && row.hash_at_signed === signed.hash;
    if (!extends_) {
      leaves.push(signed);
      rewritten.push({ streamId: row.stream_id, signed, live });
      continue;
    }
    leaves.push(live);
    if (live.revision !== signed.revision || live.hash !== signed.hash) changed.push(live);
  }
  return { leaves, changed, rewritten };
}

/** The stored leaves of the newest checkpoint do not give its signed root: refuse to build on them. */
class CheckpointIntegrityError extends Error {
  constructor(checkpoint: Checkpoint, why: string) {
    super(
      `checkpoint ${checkpoint.sequence} of ${checkpoint.signedAt} (key ${checkpoint.keyId}): ${why}`,
    );
    this.name = 'CheckpointIntegrityError';
  }
}

/** Why a stored checkpoint cannot be trusted, or undefined when its signature and leaves hold. */
export function checkpointFault(
  checkpoint: Checkpoint,
  leaves: readonly HeadLeaf[],
  verifying: ReadonlyMap<string, KeyObject>,
): string | undefined {
  const key = verifying.get(checkpoint.keyId);
  if (!key) return `no public key with id ${checkpoint.keyId} is configured`;
  if (!checkpointSignatureValid(checkpoint, key)) return 'its signature does not verify';
  if (leaves.length !== checkpoint.size || rootOf(leaves) !== checkpoint.rootHash) {
    return 'the heads stored for it do not give its signed root';
  }
  return undefined;
}

export interface SignedNext {
  readonly checkpoint: Checkpoint;
  readonly changed: number;
  readonly rewritten: readonly RewrittenStream[];
}

async function logPosition(client: SqlClient): Promise<bigint> {
  const { rows } = await client.query<{ position: string }>(
    'select coalesce(max(global_position), 0) as position from events',
  );
  return BigInt(rows[0]?.position ?? '0');
}

/** How many events were appended after `position`, counted up to `cap`. */
export async function eventsSince(client: SqlClient, position: bigint, cap: number) {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from events where global_position > $1 limit $2) t',
    [position.toString(), cap],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Signs the next checkpoint over every stream's head and stores it (fenced by the signer's
 * lease). The previous checkpoint is checked first (signature, and its stored heads against
 * its root): a database that rewrote them is refused rather than signed over.
 */
export async function signNextCheckpoint(
  pool: SqlPool,
  options: {
    readonly key: SigningKey;
    readonly verifying: ReadonlyMap<string, KeyObject>;
    readonly fence?: Fence;
    readonly now: Date;
  },
): Promise<SignedNext> {
  const previous = await readLatestCheckpoint(pool);
  const position = await logPosition(pool);
  const { rows } = await pool.query<HeadRow>(HEADS_SQL, [previous?.sequence ?? 0]);
  if (previous) {
    const signed = rows
      .filter((row) => row.signed_revision !== null && row.signed_hash !== null)
      .map((row) => ({
        streamId: row.stream_id,
        revision: BigInt(row.signed_revision as string),
        hash: row.signed_hash as string,
      }));
    const fault = checkpointFault(previous, signed, options.verifying);
    if (fault) throw new CheckpointIntegrityError(previous, fault);
  }
  const next = nextLeaves(rows);
  const checkpoint = signCheckpoint(
    options.key,
    (previous?.sequence ?? 0) + 1,
    next.leaves,
    options.now,
  );
  await insertCheckpoint(
    pool,
    options.fence,
    { ...checkpoint, logPosition: position },
    next.changed,
  );
  return { checkpoint, changed: next.changed.length, rewritten: next.rewritten };
}
