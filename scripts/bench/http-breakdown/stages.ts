interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A stage: the first whose test matches a frame, from the leaf up, takes the sample. */
const STAGES: ReadonlyArray<readonly [string, (f: CallFrame) => boolean]> = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
  ['request log (pino)', (f) => f.url.includes('/pino') || f.url.includes('sonic-boom')],
  ['Postgres driver (pg)', (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(f.url)],
  ['validation (zod)', (f) => f.url.includes('/zod/')],
  [
    'read-your-writes wait',
    (f) => /waitForCheckpoint|waitForClaimsReadModel|nextCheckpointMove/.test(f.functionName),
  ],
  ['projector', (f) => f.url.includes('/projections/')],
  ['event store append', (f) => f.url.includes('/infra/eventstore/')],
  ['decide (services)', (f) => f.url.includes('/services/')],
  [
    'session lookup',
    (f) =>
      /resolvePrincipal|customerSession|staffSession|findSession|findAccount/i.test(f.functionName),
  ],
  ['CSRF check', (f) => f.functionName === 'checkCsrf'],
  [
    'API route (body, guards, answer)',
    (f) => f.url.includes('/pages/api/') || f.url.includes('/lib/'),
  ],
  [
    'middleware (headers, tenant, shape, routing)',
    (f) => f.url.includes('/routing/') || f.url.includes('middleware'),
  ],
  [
    'Astro app (routing, render context)',
    (f) =>
      f.url.includes('/astro/dist/') ||
      f.url.endsWith('dist/server/entry.mjs') ||
      /dist\/server\/chunks\/(server|sequence)_[\w-]+\.mjs$/.test(f.url),
  ],
  // The built site names its chunks after their first module: routes, lib and services alike.
  ['site code in the build (routes, lib, services)', (f) => f.url.includes('dist/server/')],
  [
    'edge and static handler',
    (f) =>
      f.url.includes('/infra/http/') || f.url.includes('@astrojs/node') || f.url.includes('/send/'),
  ],
  [
    'node:http and sockets',
    (f) =>
      /node:(_http|http|net|stream|internal\/(http|streams|stream_base))/.test(f.url) ||
      f.url.includes('undici'),
  ],
  ['other (node internals, program)', () => true],
];

/** CPU per stage in the profile's samples between `fromUs` and `toUs` (monotonic µs). */
export function stageTable(
  profile: CpuProfile,
  requests: number,
  fromUs = 0,
  toUs = Infinity,
): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const stageOf = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      const stage = STAGES.find(([, test]) => test(frame));
      if (stage && stage[0] !== 'other (node internals, program)') {
        stageOf.set(id, stage[0]);
        return stage[0];
      }
    }
    stageOf.set(id, 'other (node internals, program)');
    return 'other (node internals, program)';
  };
  const totals = new Map<string, number>();
  const selfByFrame = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < fromUs || t > toUs) continue;
    const id = profile.samples[i] as number;
    const stage = stageOfNode(id);
    totals.set(stage, (totals.get(stage) ?? 0) + delta);
    const f = byId.get(id)?.callFrame;
    const key = `${f?.functionName || '(anonymous)'} ${f?.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '')}:${f?.lineNumber}`;
    selfByFrame.set(key, (selfByFrame.get(key) ?? 0) + delta);
  }
  const busy = [...totals].filter(([s]) => s !== 'idle').reduce((sum, [, us]) => sum + us, 0);
  const rows = [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([stage, us]) =>
        `| ${stage} | ${(us / 1000).toFixed(0)} | ${(us / requests).toFixed(0)} µs | ${stage === 'idle' ? '' : `${((100 * us) / busy).toFixed(1)} %`} |`,
    );
  const top = [...selfByFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 0))
    .map(([frame, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${frame}`);
  return [
    '| stage | CPU ms | per request | share of busy |',
    '|---|---|---|---|',
    ...rows,
    ...(top.length ? ['', 'Top frames by self time:', ...top] : []),
  ].join('\n');
}
