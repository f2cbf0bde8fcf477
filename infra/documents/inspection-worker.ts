import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { DocumentVerdict } from '@contracts/documents/document-inspector';
import { judgeAndRender } from './rendition/judge-and-render';

/**
 * One file at a time from the inspection pool: judged, then rendered (decision 126). The pool
 * holds the caps, this thread the work.
 */
export interface InspectionRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}
export interface InspectionAnswer {
  readonly id: number;
  readonly verdict: DocumentVerdict;
  /**
   * What this thread holds once the file is done, in MiB: its heap and its external memory,
   * MuPDF's WebAssembly memory among it (which grows to the largest page drawn and never
   * shrinks). The pool ends a worker that holds more than it allows.
   */
  readonly heldMb: number;
}

const MIB = 1024 * 1024;

/** This thread's heap and external memory (a worker's `memoryUsage` is its own, but for RSS). */
function heldMb(): number {
  const { heapTotal, external } = process.memoryUsage();
  return Math.round((heapTotal + external) / MIB);
}

// On Linux the nice value belongs to the thread: this one yields the CPU to the event loop,
// so requests are answered first while a file is judged.
try {
  setPriority(10);
} catch {
  // Not allowed here (some containers): the deadlines still bound the work.
}

parentPort?.on('message', async ({ id, bytes }: InspectionRequest) => {
  let verdict: DocumentVerdict;
  try {
    verdict = await judgeAndRender(bytes);
  } catch {
    // A file the checks cannot get through (a parser's own stack overflow, say) is not kept.
    verdict = { contentType: undefined };
  }
  // The rendition's bytes are moved, not copied: only the pool needs them now.
  const transfer = verdict.rendition ? [verdict.rendition.bytes.buffer as ArrayBuffer] : [];
  parentPort?.postMessage({ id, verdict, heldMb: heldMb() } satisfies InspectionAnswer, transfer);
});

// The policy's modules are loaded: the pool may start deadlines from here on.
parentPort?.postMessage({ ready: true });
