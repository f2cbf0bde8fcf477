import type { LogPosition, RecordedEvent } from '@contracts/event-store';
import type { Fence } from './lease';
import type { SqlClient } from './sql';

/** A read model: which events it reads and how each batch becomes SQL, inside the runner's transaction. */
export interface Projection {
  readonly name: string;
  handles(event: RecordedEvent): boolean;
  /** The event types `handles` accepts, when it goes by type: rebuilds then read only these. */
  readonly eventTypes?: readonly string[];
  /**
   * The metadata keys `apply` reads on a replay from the start: rebuilds and verifies then
   * read only these, and no hashes (see `ReadAllOptions.metadataKeys`). Absent: all of it.
   */
  readonly metadataKeys?: readonly string[];
  /**
   * Each stream's rows come from that stream's events alone, so a rebuild may write
   * disjoint sets of streams at the same time.
   */
  readonly streamsAreIndependent?: boolean;
  apply(client: SqlClient, events: readonly RecordedEvent[], how?: ApplyContext): Promise<void>;
  /**
   * A rebuild's batch folded event by event as it is read, one fold per lane and batch (see
   * `ReplayFold`). Absent: the rebuild gathers each batch and hands it to `apply`.
   */
  replayFold?(): ReplayFold;
  /**
   * Fills the tables derived from the projection's other tables (the claims per status) in
   * one statement, once a replay with `derivedLater` has filled those: a rebuild's two lanes
   * then share no row, and no batch waits on a round trip for them (issue 30).
   */
  deriveAfterReplay?(client: SqlClient): Promise<void>;
  /**
   * A live batch in one statement, no transaction around it: its rows written and the
   * checkpoint moved from `move.from` to `move.to` together, or nothing written at all (the
   * checkpoint is not at `move.from`, or the batch needs the transactional path). Resolves
   * whether it did. Optional: a projection without it always takes `apply` in a transaction.
   */
  applyMovingCheckpoint?(
    client: SqlClient,
    events: readonly RecordedEvent[],
    move: CheckpointMove,
  ): Promise<boolean>;
}

export interface CheckpointMove {
  readonly name: string;
  readonly from: LogPosition;
  readonly to: LogPosition;
  /** The live runner's lease: the statement writes only while its token is current. */
  readonly fence?: Fence;
}

export interface ApplyContext {
  /**
   * The tables started empty and every handled event of the log reaches them once, in log
   * order (a rebuild or verify into shadow tables): a stream has rows only if an earlier
   * event of it came before. Absent for the live runner, whose tables may already hold
   * what a batch carries (a lost checkpoint, another worker).
   */
  readonly replayFromStart: boolean;
  /** With `replayFromStart`: leave the derived tables to `deriveAfterReplay`. */
  readonly derivedLater?: boolean;
}

/**
 * Part of a replay from the start, taken in as it is read: each event folded and let go at
 * once, so a batch's parsed events do not live until the batch is written (issue 30).
 */
export interface ReplayFold {
  /** A handled event, after every earlier event of its stream. */
  add(event: RecordedEvent): void;
  /**
   * Writes what the events come to, in the runner's transaction, after every earlier fold
   * of the same streams is written; `how.replayFromStart` is true.
   */
  write(client: SqlClient, how: ApplyContext): Promise<void>;
}
