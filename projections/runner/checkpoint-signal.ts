import { compareLogPositions, type LogPosition } from '@contracts/event-store';

/**
 * Read-your-writes without a polling delay or a query: a projector in this process says
 * where it moved a checkpoint once committed, and a caller waiting for that position wakes
 * at once and needs no read. A projector in another process says nothing; waiters then see
 * its progress at their next poll of the checkpoint table.
 */
const SIGNAL_KEY = Symbol.for('claims-portal.checkpoint-signal');
interface Signal {
  readonly waiters: Map<string, Set<(moved: boolean) => void>>;
  /** Per database (the pool both sides hold), the last committed position of each projection. */
  readonly known: WeakMap<object, Map<string, LogPosition>>;
}
type Holder = { [SIGNAL_KEY]?: Signal };
// Through globalThis, like the runtime: the bundled site has its own copy of this module,
// and its waiters must hear the launcher's projector.
const holder = globalThis as Holder;
holder[SIGNAL_KEY] ??= { waiters: new Map(), known: new WeakMap() };
const { waiters, known } = holder[SIGNAL_KEY];

/** After a projector's commit: `database` is the pool it wrote through. */
export function checkpointMoved(name: string, database?: object, position?: LogPosition): void {
  if (database && position) {
    const positions = known.get(database) ?? new Map<string, LogPosition>();
    known.set(database, positions);
    const before = positions.get(name);
    if (!before || compareLogPositions(position, before) > 0) positions.set(name, position);
  }
  const waiting = waiters.get(name);
  if (!waiting) return;
  waiters.delete(name);
  for (const wake of waiting) wake(true);
}

/**
 * Where a projector of this process last committed the checkpoint in this database;
 * undefined when none has here (it runs elsewhere, or has not moved yet).
 */
export function knownCheckpoint(name: string, database: object): LogPosition | undefined {
  return known.get(database)?.get(name);
}

/**
 * Resolves when the named checkpoint moves in this process (true), or after `ms` at the
 * latest (false).
 */
export function nextCheckpointMove(name: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const waiting = waiters.get(name) ?? new Set();
    waiters.set(name, waiting);
    const done = (moved: boolean) => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve(moved);
    };
    const timer = setTimeout(done, ms, false);
    waiting.add(done);
  });
}
