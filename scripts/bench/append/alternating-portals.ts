import { resolve } from 'node:path';
import { openHttpPath } from './http-path';
import { mean, medianInterval, studentInterval } from '../block-statistics';
import { runWriters, type WriterRun } from './writers';

type HttpPath = Awaited<ReturnType<typeof openHttpPath>>;

export interface AlternatingOptions {
  /** The settings portal B starts with on top of the defaults; portal A has the defaults. */
  readonly envB: Record<string, string>;
  /** Blocks of four slices, ABBA then BAAB, for each command. */
  readonly blocks: number;
  readonly writers: number;
  readonly sliceMs: number;
  /** Portal B from another checkout (the change under test there), else this one. */
  readonly cwdB?: string;
  /**
   * B started first, on the first data folder: the two slots are not quite alike (an A/A
   * control leans a little one way), so a run with the slots swapped cancels that out.
   */
  readonly bFirst?: boolean;
  /**
   * Fresh portals this many times, B on the other slot each time, the blocks shared out
   * between the rounds: what differs between the slots then cancels within one invocation.
   */
  readonly rounds?: number;
}

interface Slice {
  readonly block: number;
  readonly portal: 'A' | 'B';
  readonly run: WriterRun;
}

/**
 * Two portals side by side, each on its own data folder and Postgres, A as shipped and B with
 * some settings changed, the load moved between them every slice in ABBA / BAAB blocks.
 * Comparing separate invocations of the bench mixes in the machine's drift from one minute to
 * the next (±8 % here); slices a few seconds apart, order balanced inside each block, leave
 * only what the settings do. Neither portal is paused, so nothing is measured just after a
 * freeze; the idle portal only renews its leases meanwhile.
 */
export async function benchAlternatingPortals(options: AlternatingOptions): Promise<void> {
  const env = Object.entries(options.envB)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const code = options.cwdB ? `the code in ${options.cwdB}, ` : '';
  const rounds = Math.max(1, options.rounds ?? 1);
  console.log(
    `\nA: the defaults; B: ${code}${env || 'the defaults'}; ${rounds} round(s), the slots swapped each round`,
  );
  const slices = new Map<string, Slice[]>();
  const perRound = Math.ceil(options.blocks / rounds);
  for (let round = 0; round < rounds; round += 1) {
    const bFirst = (round % 2 === 1) !== (options.bFirst ?? false);
    await benchRound(options, bFirst, round * perRound, perRound, slices);
  }
  for (const [label, list] of slices) report(label, options.writers, list);
}

/** One pair of fresh portals, B on the first slot or the second, and its blocks. */
async function benchRound(
  options: AlternatingOptions,
  bFirst: boolean,
  firstBlock: number,
  blocks: number,
  slices: Map<string, Slice[]>,
): Promise<void> {
  const slot = (n: number) => resolve(`.data/bench-append-portal-${n}`);
  const openA = () => openHttpPath(slot(bFirst ? 2 : 1));
  const openB = () => openHttpPath(slot(bFirst ? 1 : 2), options.envB, options.cwdB);
  // Started one after the other, in slot order: the first slot is the one started first.
  const first = await (bFirst ? openB() : openA());
  const second = await (bFirst ? openA() : openB());
  const [a, b] = bFirst ? [second, first] : [first, second];
  console.log(`B on slot ${bFirst ? 1 : 2} from block ${firstBlock + 1}`);
  try {
    for (const [label, client] of [
      ['submit claim, no files', (p: HttpPath) => p.submitter],
      ['staff edit (benefit amount)', (p: HttpPath) => p.editor],
    ] as const) {
      const slice = async (portal: HttpPath) => {
        const make = client(portal);
        const writers = await Promise.all(Array.from({ length: options.writers }, () => make()));
        return runWriters(writers, options.sliceMs);
      };
      // One slice each first, not counted: connections, plans and the JIT warm up.
      await slice(a);
      await slice(b);
      const list = slices.get(label) ?? [];
      slices.set(label, list);
      for (let block = firstBlock + 1; block <= firstBlock + blocks; block += 1) {
        const order = block % 2 === 1 ? 'ABBA' : 'BAAB';
        for (const portal of [...order] as Array<'A' | 'B'>) {
          const run = await slice(portal === 'A' ? a : b);
          list.push({ block, portal, run });
          console.log(
            `${label}, block ${block}, ${portal}: ${Math.round(run.eventsPerSecond)} req/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms`,
          );
        }
      }
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

function report(label: string, writers: number, slices: readonly Slice[]): void {
  const blocks = [...new Set(slices.map((s) => s.block))];
  const of = (block: number, portal: 'A' | 'B', read: (run: WriterRun) => number) =>
    mean(slices.filter((s) => s.block === block && s.portal === portal).map((s) => read(s.run)));
  const readings: Array<[string, (run: WriterRun) => number]> = [
    ['requests/s', (run) => run.eventsPerSecond],
    ['p50 ms', (run) => run.p50],
    ['p99 ms', (run) => run.p99],
  ];
  console.log(`\n${label}, ${writers} clients, ${blocks.length} blocks (B against A):`);
  console.log(
    '| reading | A mean | B mean | B / A − 1: mean of blocks, 95 % t interval | median of blocks, 95 % interval (order statistics) | blocks with B higher |',
  );
  console.log('|---|---|---|---|---|---|');
  const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} %`;
  const range = (low: number, high: number) =>
    Number.isNaN(low) || Number.isNaN(high) ? '(too few blocks)' : `[${pct(low)}, ${pct(high)}]`;
  for (const [name, read] of readings) {
    const changes = blocks.map((block) => of(block, 'B', read) / of(block, 'A', read) - 1);
    const { centre, half } = studentInterval(changes);
    const median = medianInterval(changes);
    const aMean = mean(slices.filter((s) => s.portal === 'A').map((s) => read(s.run)));
    const bMean = mean(slices.filter((s) => s.portal === 'B').map((s) => read(s.run)));
    console.log(
      `| ${name} | ${aMean.toFixed(1)} | ${bMean.toFixed(1)} | ${pct(centre)} ${range(centre - half, centre + half)} | ${pct(median.median)} ${range(median.low, median.high)} | ${changes.filter((c) => c > 0).length} of ${changes.length} |`,
    );
  }
}
