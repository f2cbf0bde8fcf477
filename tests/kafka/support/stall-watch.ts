import type pg from 'pg';

/**
 * Three probes that say where a slow POST's time went, when every client's POST is slow at
 * once: this process's event loop (a timer that fires late), the database (a commit that
 * waits for its WAL flush, on a connection of its own) and the portal's event loop (its
 * `nodejs_eventloop_lag_max_seconds` between two scrapes, reset by each scrape).
 */
interface Stall {
  readonly start: number;
  readonly end: number;
  /** How much longer than expected the probe took, in ms. */
  readonly excessMs: number;
}

interface StallsDuring {
  readonly testProcessMs: number;
  readonly databaseMs: number;
  readonly portalLoopMs: number;
}

export interface StallWatch {
  /** The worst stall each probe saw overlapping [start, end] (performance.now() times). */
  during(start: number, end: number): StallsDuring;
  stop(): Promise<void>;
}

const TICK_MS = 20;
const COMMIT_EVERY_MS = 50;
const SCRAPE_EVERY_MS = 250;
const PROBE_TABLE = 'test_stall_watch_probe';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function watchStalls(options: {
  readonly db: pg.Pool;
  readonly metricsUrl: string;
  readonly metricsToken: string;
}): StallWatch {
  let running = true;
  const testProcess: Stall[] = [];
  const database: Stall[] = [];
  const portalLoop: Stall[] = [];

  async function tick() {
    while (running) {
      const start = performance.now();
      await sleep(TICK_MS);
      const end = performance.now();
      testProcess.push({ start, end, excessMs: end - start - TICK_MS });
    }
  }

  async function commit() {
    // A row written and committed: its commit waits for the WAL flush, as an append's does.
    // (A transaction that only takes an xid writes no WAL, and commits without a flush.)
    await options.db.query(`create table if not exists ${PROBE_TABLE} (at timestamptz not null)`);
    while (running) {
      const start = performance.now();
      await options.db.query(`insert into ${PROBE_TABLE} values (now())`).catch(() => {});
      const end = performance.now();
      database.push({ start, end, excessMs: end - start });
      await sleep(COMMIT_EVERY_MS);
    }
  }

  async function scrape() {
    let last = performance.now();
    while (running) {
      await sleep(SCRAPE_EVERY_MS);
      const text = await fetch(options.metricsUrl, {
        headers: { authorization: `Bearer ${options.metricsToken}` },
      })
        .then((response) => response.text())
        .catch(() => '');
      const lag = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
      const now = performance.now();
      if (lag !== undefined)
        portalLoop.push({ start: last, end: now, excessMs: Number(lag) * 1_000 });
      last = now;
    }
  }

  const loops = [tick(), commit(), scrape()];
  const worst = (stalls: readonly Stall[], start: number, end: number) =>
    Math.max(0, ...stalls.filter((s) => s.end >= start && s.start <= end).map((s) => s.excessMs));
  return {
    during: (start, end) => ({
      testProcessMs: worst(testProcess, start, end),
      databaseMs: worst(database, start, end),
      portalLoopMs: worst(portalLoop, start, end),
    }),
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
