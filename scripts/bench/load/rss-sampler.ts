import { readFileSync } from 'node:fs';

/** The resident set of a process, in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

export interface RssSample {
  readonly atSeconds: number;
  readonly mib: number;
}

/** Samples a process's RSS every `everyMs` until stopped. */
export function sampleRss(pid: number, everyMs: number) {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () =>
    samples.push({ atSeconds: (performance.now() - started) / 1000, mib: rssMiB(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Mean RSS over the minute after warm-up and over the last minute, and the change between. */
export function rssDrift(samples: readonly RssSample[], warmUpSeconds: number) {
  const end = samples.at(-1)?.atSeconds ?? 0;
  const early = samples.filter(
    (s) => s.atSeconds >= warmUpSeconds && s.atSeconds < warmUpSeconds + 60,
  );
  const late = samples.filter((s) => s.atSeconds >= end - 60);
  const afterWarmUp = mean(early.map((s) => s.mib));
  const lastMinute = mean(late.map((s) => s.mib));
  const peak = Math.max(...samples.filter((s) => s.atSeconds >= warmUpSeconds).map((s) => s.mib));
  return {
    afterWarmUp,
    lastMinute,
    changePercent: ((lastMinute - afterWarmUp) / afterWarmUp) * 100,
    peakPercent: ((peak - afterWarmUp) / afterWarmUp) * 100,
  };
}
