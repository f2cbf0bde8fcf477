/**
 * `npm run bench:http-latency [-- --command submit|edit --clients 8 --seconds 8]`: where a
 * command's wall time goes on the portal's HTTP path (issue 30), stage by stage, from the
 * portal's own OpenTelemetry spans (decision 073). The portal runs as `npm start` runs it,
 * tracing to a collector in this process; each request's trace holds its server span, the
 * event store append and the claims projection's batch that applied its event. Since decision
 * 096 the answer leaves after the append; the projection's stages are what the caller's next
 * read may wait for. Tracing costs
 * the portal CPU of its own, so the requests per second here are not the bench's figures;
 * the shares of the wall time are what this measures.
 */
import { parseArgs } from 'node:util';
import { type ExportedSpan as Span, startOtlpCollector } from '@tests/support/otlp-collector';
import { openHttpPath } from './append/http-path';
import { runWriters } from './append/writers';

const { values } = parseArgs({
  options: {
    command: { type: 'string', default: 'submit' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '8' },
  },
});

/** The server span, named by the route it took (`POST /api/claims`). */
const isRequest = (name: string) => name.startsWith('POST /api/');

const WHOLE = 'whole request (server span)';

const ms = (nanos: string) => Number(BigInt(nanos) / 1000n) / 1000;

/** The stages of one request, in ms, from its trace; undefined when a span is missing. */
function stagesOf(spans: readonly Span[]): Record<string, number> | undefined {
  const find = (test: (name: string) => boolean) => spans.find((span) => test(span.name));
  const request = find(isRequest);
  const append = find((name) => name === 'eventstore append');
  const projection = find((name) => name.startsWith('projection '));
  if (!request || !append || !projection) return undefined;
  const at = (span: Span) => ({ start: ms(span.startTimeUnixNano), end: ms(span.endTimeUnixNano) });
  const [r, a, p] = [at(request), at(append), at(projection)];
  return {
    'request to append (middleware, session, CSRF, body, validation, decide)': a.start - r.start,
    'append (group commit: waiting for the batch ahead, the statement, the WAL flush)':
      a.end - a.start,
    'append to answer (the answer written)': r.end - a.end,
    [WHOLE]: r.end - r.start,
    'after the append, outside the request: to the projection batch (projector woken, the log read)':
      p.start - a.end,
    'after the append, outside the request: the projection batch (fold, rows and checkpoint)':
      p.end - p.start,
    'after the append, until the read model shows it (what a next read may wait for)':
      p.end - a.end,
  };
}

const spans: Span[] = [];
const collector = await startOtlpCollector(spans);
const http = await openHttpPath('.data/bench-http-latency', {
  OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
});
const clients = await Promise.all(
  Array.from({ length: Number(values.clients) }, () =>
    values.command === 'edit' ? http.editor() : http.submitter(),
  ),
);
// Warm up, then only the timed run's traces count.
await runWriters(clients, 2_000);
const from = BigInt(Date.now()) * 1_000_000n;
const run = await runWriters(clients, Number(values.seconds) * 1_000);
const to = BigInt(Date.now()) * 1_000_000n;
await http.stop(); // the portal sends what it still holds as it stops
collector.server.close();

const byTrace = new Map<string, Span[]>();
for (const span of spans) {
  const list = byTrace.get(span.traceId) ?? [];
  list.push(span);
  byTrace.set(span.traceId, list);
}
const stages = new Map<string, number[]>();
let requests = 0;
for (const trace of byTrace.values()) {
  const request = trace.find((span) => isRequest(span.name));
  if (!request || BigInt(request.startTimeUnixNano) < from || BigInt(request.endTimeUnixNano) > to)
    continue;
  const found = stagesOf(trace);
  if (!found) continue;
  requests += 1;
  for (const [stage, value] of Object.entries(found)) {
    const list = stages.get(stage) ?? [];
    list.push(value);
    stages.set(stage, list);
  }
}

console.log(
  `\n${values.command}, ${values.clients} clients, traced: ${run.events} requests, ${Math.round(run.eventsPerSecond)}/s, client p50 ${run.p50.toFixed(2)} ms; ${requests} complete traces\n`,
);
// Means only: the SDK stamps a span's start from Date.now() (whole milliseconds) and its end
// from that start plus a precise duration, so one gap between two spans is off by up to a
// millisecond either way, but the errors cancel out over thousands of requests.
const means = [...stages].map(([stage, list]) => ({
  stage,
  mean: list.reduce((sum, v) => sum + v, 0) / list.length,
}));
const whole = means.find(({ stage }) => stage === WHOLE)?.mean ?? Number.NaN;
console.log('| stage | mean ms | share of the request |\n|---|---|---|');
for (const { stage, mean } of means)
  console.log(`| ${stage} | ${mean.toFixed(2)} | ${((100 * mean) / whole).toFixed(0)} % |`);
if (requests === 0) {
  console.error('no complete trace: did the portal export its spans?');
  process.exitCode = 1;
}
