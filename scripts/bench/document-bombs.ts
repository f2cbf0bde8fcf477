import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { v7 as uuidv7 } from 'uuid';
import { gigabyteFlateBomb, pageTreeBomb } from '@contracts/documents/testing/hostile-documents';
import { contentStreamBomb } from '@contracts/documents/testing/rendition-hostile-documents';
import type { LightAnswer } from './append/light-client';

type Client = (
  method: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<LightAnswer>;

/** What one round of bombs did to the portal beside it. */
export interface BombRound {
  readonly bombs: number;
  readonly statuses: Record<number, number>;
  readonly uploadsMs: number;
  /** 100 health probes, one after another 15 ms apart, from before the uploads to after. */
  readonly healthMs: readonly number[];
  readonly restingMb: number;
  readonly peakMb: number;
}

const PROBES = 100;

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The bombs of issues 25 and 45, taken in turn: page trees, a 1 GB flate stream, content streams. */
async function bombFiles(): Promise<Buffer[]> {
  return [pageTreeBomb(24), await gigabyteFlateBomb(), contentStreamBomb(), pageTreeBomb(28)];
}

/**
 * `count` bombs uploaded at once, each to a claim of its own (one request each), while the
 * health endpoint is probed: the portal's answers, its health latency and its memory (the
 * launcher process, the inspection pool's worker threads included).
 */
export async function bombRound(
  base: string,
  client: Client,
  portalPid: number,
  count: number,
): Promise<BombRound> {
  const files = await bombFiles();
  const claims = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const answer = await client(
        'POST',
        '/api/claims',
        {
          policyNumber: `BENCH-BOMB-${count}-${index}`,
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Job Loss',
        },
        { 'idempotency-key': uuidv7() },
      );
      if (answer.status !== 201) throw new Error(`claim ${index}: ${answer.status}`);
      return (JSON.parse(answer.text) as { submissionId: string }).submissionId;
    }),
  );
  const restingMb = await residentMb(portalPid);
  let peakMb = restingMb;
  let watching = true;
  const memory = (async () => {
    while (watching) {
      peakMb = Math.max(peakMb, await residentMb(portalPid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const healthMs: number[] = [];
  const probing = (async () => {
    for (let probe = 0; probe < PROBES; probe += 1) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  const answers = await Promise.all(
    claims.map((submissionId, index) =>
      client('POST', `/api/claims/${submissionId}/documents`, {
        attachments: [
          {
            name: `bomb-${index}.pdf`,
            data: `data:application/pdf;base64,${(files[index % files.length] as Buffer).toString('base64')}`,
          },
        ],
      }),
    ),
  );
  const uploadsMs = performance.now() - started;
  await probing;
  watching = false;
  await memory;
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return { bombs: count, statuses, uploadsMs, healthMs, restingMb, peakMb };
}

export function describeRound(round: BombRound): string {
  const sorted = [...round.healthMs].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  const statuses = Object.entries(round.statuses)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  return (
    `- ${round.bombs} bombs at once: answered (${statuses}) in ${round.uploadsMs.toFixed(0)} ms; ` +
    `health p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; ` +
    `RSS ${round.restingMb.toFixed(0)} MB before, peak ${round.peakMb.toFixed(0)} MB ` +
    `(load average ${loadavg()[0]?.toFixed(1)})`
  );
}
