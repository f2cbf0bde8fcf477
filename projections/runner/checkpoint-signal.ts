/**
 * Read-your-writes without a polling delay: a projector in this process says when it moved
 * a checkpoint, and a caller waiting for one wakes at once. A projector in another process
 * says nothing; waiters then see its progress at their next poll.
 */
const WAITERS_KEY = Symbol.for('claims-portal.checkpoint-waiters');
type Holder = { [WAITERS_KEY]?: Map<string, Set<() => void>> };
// Through globalThis, like the runtime: the bundled site has its own copy of this module,
// and its waiters must hear the launcher's projector.
const holder = globalThis as Holder;
holder[WAITERS_KEY] ??= new Map();
const waiters = holder[WAITERS_KEY];

export function checkpointMoved(name: string): void {
  const waiting = waiters.get(name);
  if (!waiting) return;
  waiters.delete(name);
  for (const wake of waiting) wake();
}

/** Resolves when the named checkpoint moves in this process, or after `ms` at the latest. */
export function nextCheckpointMove(name: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const waiting = waiters.get(name) ?? new Set();
    waiters.set(name, waiting);
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiting.add(done);
  });
}
