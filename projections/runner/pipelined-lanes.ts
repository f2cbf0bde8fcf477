export interface PipelinedLanes<Part> {
  /**
   * Queues one batch, a part for each lane; `written` runs once the whole batch is written,
   * batches in order. Resolves once the batch before it is written, so that at most one
   * batch waits behind the one being written; rejects if an earlier batch failed.
   */
  write(parts: readonly Part[], written: () => Promise<void> | void): Promise<void>;
  /** Resolves once every queued part has finished or failed; never rejects. */
  settled(): Promise<void>;
  /** Resolves once every queued batch is written; rejects with the first failure. */
  drained(): Promise<void>;
}

/**
 * Each lane writes its parts in batch order, one after the other, but not after the other
 * lanes: a lane whose part is done starts on its next batch while another is still writing,
 * so its connection works while Node prepares the next batch instead of both waiting for the
 * slower part of every batch. For parts that touch disjoint rows (a rebuild's streams split
 * by hash); after a failure in a lane, that lane writes nothing more.
 */
export function pipelinedLanes<Part>(
  lanes: number,
  writePart: (part: Part) => Promise<void>,
): PipelinedLanes<Part> {
  const tails: Promise<void>[] = Array.from({ length: lanes }, () => Promise.resolve());
  let batches: Promise<void> = Promise.resolve();
  return {
    async write(parts, written) {
      if (parts.length > lanes) throw new Error(`${parts.length} parts for ${lanes} lanes`);
      const writing = parts.map((part, lane) => {
        const tail = (tails[lane] as Promise<void>).then(() => writePart(part));
        // Awaited through `batches`; this only keeps a failure from going unhandled here.
        tail.catch(() => {});
        tails[lane] = tail;
        return tail;
      });
      const before = batches;
      batches = Promise.all([before, ...writing]).then(() => written());
      batches.catch(() => {});
      await before;
    },
    async settled() {
      await Promise.allSettled([...tails, batches]);
    },
    drained: () => batches,
  };
}
