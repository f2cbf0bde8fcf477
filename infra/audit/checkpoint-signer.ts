import type { Logger } from 'pino';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import {
  markPublished,
  markWitnessed,
  readLatestCheckpoint,
  readUnshipped,
} from '@projections/audit/checkpoint-store';
import { eventsSince, signNextCheckpoint } from '@projections/audit/next-checkpoint';
import { holdElection } from '@projections/runner/election';
import { assertHeld, type Fence } from '@projections/runner/lease';
import type { SqlPool } from '@projections/runner/sql';
import type { AuditKeys } from './audit-keys';
import { type CheckpointTopic, writeWitness } from './checkpoint-publisher';

export interface CheckpointSignerOptions {
  readonly pool: SqlPool;
  readonly leasePool?: SqlPool;
  readonly documents: DocumentStorage;
  readonly keys: AuditKeys;
  /** Unset: Kafka is off, nothing is published. */
  readonly topic?: CheckpointTopic;
  readonly intervalMs: number;
  readonly everyEvents: number;
  readonly leaseTtlMs?: number;
  readonly log: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly now?: () => Date;
}

/** Signs at most this often when events pour in, however small `everyEvents` is. */
const POLL_MS = 1_000;

/** Is a checkpoint due: none yet, the interval passed, or `everyEvents` were appended since? */
async function due(options: CheckpointSignerOptions, now: Date): Promise<boolean> {
  const latest = await readLatestCheckpoint(options.pool);
  if (!latest) return true;
  if (now.getTime() - Date.parse(latest.signedAt) >= options.intervalMs) return true;
  const since = await eventsSince(options.pool, latest.logPosition, options.everyEvents);
  return since >= options.everyEvents;
}

/** One turn: sign when due, then copy every checkpoint not yet outside Postgres. */
export async function signerTurn(options: CheckpointSignerOptions, fence?: Fence) {
  const key = options.keys.signing;
  if (!key) throw new Error('no audit signing key: this process cannot sign checkpoints');
  const now = (options.now ?? (() => new Date()))();
  if (await due(options, now)) {
    assertHeld(fence);
    const signed = await signNextCheckpoint(options.pool, {
      key,
      verifying: options.keys.verifying,
      fence,
      now,
    });
    for (const stream of signed.rewritten) {
      options.log.error(
        { streamId: stream.streamId, signedRevision: String(stream.signed.revision) },
        `audit: ${stream.streamId} no longer passes through the head a checkpoint signed; its signed head is kept (npm run audit -- verify)`,
      );
    }
  }
  await ship(options);
}

/** The witness copy, then the Kafka message, each recorded right after it happened. */
async function ship(options: CheckpointSignerOptions): Promise<void> {
  for (const checkpoint of await readUnshipped(options.pool, options.topic !== undefined)) {
    if (!checkpoint.witnessed) {
      const key = await writeWitness(options.documents, checkpoint);
      await markWitnessed(options.pool, checkpoint.sequence, key);
    }
    if (options.topic && !checkpoint.published) {
      await options.topic.publish(checkpoint);
      await markPublished(options.pool, checkpoint.sequence);
    }
  }
}

/**
 * The background signer (decision 130): one portal process at a time, elected by the
 * `audit-signer` lease (decision 112), signs a checkpoint every `intervalMs` and as soon as
 * `everyEvents` were appended, stores it (fenced), writes the witness copy and publishes it.
 */
export function startCheckpointSigner(options: CheckpointSignerOptions): { stop(): Promise<void> } {
  const election = holdElection({
    pool: options.leasePool ?? options.pool,
    lease: 'audit-signer',
    ttlMs: options.leaseTtlMs,
    onError: (err) => options.log.warn({ err }, 'audit signer lease'),
    async lead(fence) {
      let stopped = false;
      let wake = () => {};
      const loop = (async () => {
        // Not `while fence.held()`: a stalled event loop (a start-up build) lets the holder's
        // clock lapse until the next renewal, and the signer must not end for good then. The
        // election stops this loop when the lease is really lost; the fence guards each write.
        while (!stopped) {
          if (fence.held()) {
            await signerTurn(options, fence).catch((err: unknown) =>
              options.log.error({ err }, 'audit checkpoint not signed; retrying'),
            );
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(POLL_MS, options.intervalMs));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      })();
      return async () => {
        stopped = true;
        wake();
        await loop;
      };
    },
  });
  return { stop: () => election.stop() };
}
