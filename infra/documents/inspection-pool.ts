import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentInspector, DocumentVerdict } from '@contracts/documents/document-inspector';
import type { InspectionAnswer } from './inspection-worker';

export interface InspectionPoolOptions {
  readonly workers: number;
  /** Old-generation heap of each worker: a file that needs more is refused. */
  readonly heapMb: number;
  /** Longest one file may take. */
  readonly fileDeadlineMs: number;
  /** Longest one call's files may take in all, waiting included. */
  readonly requestDeadlineMs: number;
  /**
   * A worker that holds more than this once a file is done (heap and external memory, MuPDF's
   * WebAssembly memory among it) is ended; the next file starts a fresh one. Unset: never.
   */
  readonly recycleMb?: number;
}

export interface InspectionPool extends DocumentInspector {
  /**
   * Workers alive, files being judged, files waiting, and workers ended for what they held
   * once a file was done (`recycleMb`): for health and tests.
   */
  stats(): {
    readonly workers: number;
    readonly busy: number;
    readonly queued: number;
    readonly recycled: number;
  };
  close(): Promise<void>;
}

const OVER_THE_CAPS: DocumentVerdict = { contentType: undefined, refusal: 'tooComplex' };
const NOT_IN_TIME: DocumentVerdict = { contentType: undefined, refusal: 'notCheckedInTime' };

interface Job {
  readonly bytes: Uint8Array;
  readonly deadlineAt: number;
  readonly settle: (verdict: DocumentVerdict) => void;
  readonly fail: (error: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded the policy: deadlines start only then, not while it boots. */
  ready: boolean;
  job: (Job & { readonly id: number; timer?: NodeJS.Timeout }) | undefined;
}

/** Longest a new worker may take to load the policy before the pool gives up on it. */
const STARTUP_MS = 60_000;

/**
 * The worker file beside this one; in a bundle (the built site), where this module's own URL
 * points elsewhere, the one of the source tree the launcher runs from.
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./inspection-worker.ts', import.meta.url));
  return existsSync(beside)
    ? beside
    : resolve(process.cwd(), 'infra/documents/inspection-worker.ts');
}

export const defaultInspectionWorkers = () => Math.max(1, Math.min(2, availableParallelism()));

/**
 * Judges uploaded files on worker threads (decision 049), so a file built to be slow or huge
 * to read costs a worker, never the event loop: each file under a heap cap and a deadline,
 * a call's files under a deadline of their own. A worker over either cap is ended and
 * replaced, and its file refused as too complex.
 */
export function createInspectionPool(options: InspectionPoolOptions): InspectionPool {
  const file = workerFile();
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: undefined,
    ready: false,
    job: undefined,
  }));
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let recycled = 0;

  function finish(
    slot: Slot,
    outcome: DocumentVerdict | Error,
    endWorker: boolean,
    replaceNow = false,
  ): void {
    const job = slot.job;
    slot.job = undefined;
    if (endWorker && slot.worker) {
      void slot.worker.terminate();
      slot.worker = undefined;
      slot.ready = false;
      // A worker ended for what it holds is replaced at once, so the next file finds one ready.
      if (replaceNow && !closed) slot.worker = spawn(slot);
    }
    // An idle worker does not keep the process alive; one with a file does (see start).
    slot.worker?.unref();
    if (job) {
      clearTimeout(job.timer);
      if (outcome instanceof Error) job.fail(outcome);
      else job.settle(outcome);
    }
    dispatch();
  }

  function spawn(slot: Slot): Worker {
    const worker = new Worker(file, {
      execArgv: ['--import', 'tsx'],
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.heapMb / 8))),
        stackSizeMb: 4,
      },
    });
    const startup = setTimeout(() => {
      if (slot.worker === worker && !slot.ready) {
        finish(slot, new Error(`inspection worker not ready after ${STARTUP_MS} ms`), true);
      }
    }, STARTUP_MS);
    startup.unref();
    worker.on('message', (message: InspectionAnswer | { readonly ready: true }) => {
      if (slot.worker !== worker) return;
      if ('ready' in message) {
        clearTimeout(startup);
        slot.ready = true;
        send(slot);
      } else if (slot.job?.id === message.id) {
        const holdsTooMuch = message.heldMb > (options.recycleMb ?? Number.POSITIVE_INFINITY);
        if (holdsTooMuch) recycled += 1;
        finish(slot, message.verdict, holdsTooMuch, holdsTooMuch);
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(slot, outOfMemory ? OVER_THE_CAPS : error, true);
    });
    worker.on('exit', () => {
      if (slot.worker === worker) finish(slot, OVER_THE_CAPS, true);
    });
    worker.unref();
    return worker;
  }

  /** Hands the slot's file to its worker once that is ready, and starts the file's deadline. */
  function send(slot: Slot): void {
    const job = slot.job;
    if (!job || !slot.worker || !slot.ready || job.timer) return;
    if (job.deadlineAt <= Date.now()) {
      finish(slot, NOT_IN_TIME, false);
      return;
    }
    const wait = Math.max(0, Math.min(options.fileDeadlineMs, job.deadlineAt - Date.now()));
    job.timer = setTimeout(() => finish(slot, OVER_THE_CAPS, true), wait);
    // A copy goes to the worker: the caller still needs its bytes to store them.
    const copy = new Uint8Array(job.bytes);
    slot.worker.postMessage({ id: job.id, bytes: copy }, [copy.buffer]);
  }

  function start(slot: Slot, job: Job): void {
    slot.job = { ...job, id: nextId++ };
    slot.worker ??= spawn(slot);
    slot.worker.ref();
    send(slot);
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.job || closed) continue;
      let job = queue.shift();
      while (job && job.deadlineAt <= Date.now()) {
        job.settle(NOT_IN_TIME);
        job = queue.shift();
      }
      if (!job) return;
      start(slot, job);
    }
  }

  return {
    inspect(files) {
      const deadlineAt = Date.now() + options.requestDeadlineMs;
      const verdicts = files.map(
        (bytes) =>
          new Promise<DocumentVerdict>((settle, fail) => {
            if (closed) fail(new Error('the inspection pool is closed'));
            else queue.push({ bytes, deadlineAt, settle, fail });
          }),
      );
      dispatch();
      return Promise.all(verdicts);
    },
    stats() {
      return {
        workers: slots.filter((slot) => slot.worker).length,
        busy: slots.filter((slot) => slot.job).length,
        queued: queue.length,
        recycled,
      };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.fail(new Error('the inspection pool is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = undefined;
          if (slot.job) {
            clearTimeout(slot.job.timer);
            slot.job.fail(new Error('the inspection pool is closed'));
            slot.job = undefined;
          }
          await worker?.terminate();
        }),
      );
    },
  };
}
