import { type Fence, fencedBegin } from '../runner/lease';
import type { SqlClient, SqlPool } from '../runner/sql';
import type { Checkpoint, HeadLeaf } from './checkpoint';

/**
 * Signed checkpoints in Postgres (decision 130). A checkpoint's leaves are kept as changes: a
 * head row per stream from the checkpoint it first appears in, so a checkpoint that changes
 * ten heads adds ten rows, and the leaves of checkpoint N are each stream's newest row at or
 * before N. `log_position` is the last global position the heads had seen (what "N events
 * since" counts from). `witness_key` and `published_at` record the copies made outside
 * Postgres, each in its own statement after it happened.
 */
export const checkpointMigration = {
  id: '130-audit-checkpoints',
  sql: `
    create table audit_checkpoints (
      sequence bigint primary key,
      size integer not null,
      root_hash text not null,
      signed_at text not null,
      key_id text not null,
      signature text not null,
      log_position bigint not null,
      witness_key text,
      published_at timestamptz
    );
    create table audit_checkpoint_heads (
      stream_id text not null,
      from_sequence bigint not null references audit_checkpoints (sequence),
      revision bigint not null,
      hash text not null,
      primary key (stream_id, from_sequence)
    );
  `,
};

export interface StoredCheckpoint extends Checkpoint {
  readonly logPosition: bigint;
}

interface CheckpointRow {
  sequence: string;
  size: number;
  root_hash: string;
  signed_at: string;
  key_id: string;
  signature: string;
  log_position: string;
}

const CHECKPOINT_COLUMNS = 'sequence, size, root_hash, signed_at, key_id, signature, log_position';

const toCheckpoint = (row: CheckpointRow): StoredCheckpoint => ({
  sequence: Number(row.sequence),
  size: row.size,
  rootHash: row.root_hash,
  signedAt: row.signed_at,
  keyId: row.key_id,
  signature: row.signature,
  logPosition: BigInt(row.log_position),
});

/** The newest checkpoint, or undefined before the first. */
export async function readLatestCheckpoint(
  client: SqlClient,
): Promise<StoredCheckpoint | undefined> {
  const { rows } = await client.query<CheckpointRow>(
    `select ${CHECKPOINT_COLUMNS} from audit_checkpoints order by sequence desc limit 1`,
  );
  return rows[0] && toCheckpoint(rows[0]);
}

/** Every leaf of checkpoint `sequence`: each stream's newest head row at or before it. */
export const LEAVES_SQL = `select distinct on (stream_id) stream_id, revision, hash
  from audit_checkpoint_heads where from_sequence <= $1
  order by stream_id, from_sequence desc`;

interface LeafRow {
  stream_id: string;
  revision: string;
  hash: string;
}

export async function readLeaves(client: SqlClient, sequence: number): Promise<HeadLeaf[]> {
  const { rows } = await client.query<LeafRow>(LEAVES_SQL, [sequence]);
  return rows.map((row) => ({
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    hash: row.hash,
  }));
}

/** One stream's leaf in checkpoint `sequence`, if the checkpoint has the stream. */
export async function readLeaf(
  client: SqlClient,
  sequence: number,
  streamId: string,
): Promise<HeadLeaf | undefined> {
  const { rows } = await client.query<LeafRow>(
    `select stream_id, revision, hash from audit_checkpoint_heads
      where stream_id = $1 and from_sequence <= $2 order by from_sequence desc limit 1`,
    [streamId, sequence],
  );
  const row = rows[0];
  return row && { streamId: row.stream_id, revision: BigInt(row.revision), hash: row.hash };
}

/** Stores a signed checkpoint and its changed leaves in one transaction, fenced by the signer's lease. */
export async function insertCheckpoint(
  pool: SqlPool,
  fence: Fence | undefined,
  checkpoint: StoredCheckpoint,
  changed: readonly HeadLeaf[],
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(fence ? fencedBegin(fence) : 'begin');
    await client.query(
      `insert into audit_checkpoints (${CHECKPOINT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        checkpoint.sequence,
        checkpoint.size,
        checkpoint.rootHash,
        checkpoint.signedAt,
        checkpoint.keyId,
        checkpoint.signature,
        checkpoint.logPosition.toString(),
      ],
    );
    if (changed.length > 0) {
      await client.query(
        `insert into audit_checkpoint_heads (stream_id, from_sequence, revision, hash)
         select s, $1, r, h from unnest($2::text[], $3::bigint[], $4::text[]) as t(s, r, h)`,
        [
          checkpoint.sequence,
          changed.map((leaf) => leaf.streamId),
          changed.map((leaf) => leaf.revision.toString()),
          changed.map((leaf) => leaf.hash),
        ],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Checkpoints not yet copied to the witness, or (when Kafka is on) not yet published. */
export async function readUnshipped(
  client: SqlClient,
  withKafka: boolean,
): Promise<(StoredCheckpoint & { readonly witnessed: boolean; readonly published: boolean })[]> {
  const { rows } = await client.query<
    CheckpointRow & { witness_key: string | null; published_at: Date | null }
  >(
    `select ${CHECKPOINT_COLUMNS}, witness_key, published_at from audit_checkpoints
      where witness_key is null or ($1 and published_at is null) order by sequence limit 100`,
    [withKafka],
  );
  return rows.map((row) => ({
    ...toCheckpoint(row),
    witnessed: row.witness_key !== null,
    published: row.published_at !== null,
  }));
}

export async function markWitnessed(client: SqlClient, sequence: number, key: string) {
  await client.query('update audit_checkpoints set witness_key = $2 where sequence = $1', [
    sequence,
    key,
  ]);
}

export async function markPublished(client: SqlClient, sequence: number) {
  await client.query('update audit_checkpoints set published_at = now() where sequence = $1', [
    sequence,
  ]);
}
