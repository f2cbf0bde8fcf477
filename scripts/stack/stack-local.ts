/**
 * `npm run stack:local [-- --port 4400]`: the scaled topology on this machine (decision 074):
 * Postgres as a server of its own, a three-broker KRaft Kafka, s3rver, an SMTP capture, the
 * development OpenID Provider, three portals behind haproxy and two projector workers.
 * Prints the addresses; Ctrl-C stops everything.
 *
 * `npm run stack:local -- --soak 480`: the same stack under the `bench:load` journeys for that
 * many seconds while a portal, the leading projector and a broker are killed, Postgres is
 * restarted (decision 075), and the leading projector, the relay's leader, a broker and
 * Postgres are frozen with SIGSTOP (decision 135); prints the figures, exits 1 when a check
 * failed.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { HAPROXY } from './haproxy';
import { writeMailToOutbox } from './mail-outbox';
import { runSoak } from './soak';
import { thawAll } from './soak-freezes';
import { soakReport } from './soak-report';
import { startStack } from './stack';
import { freePort, applyPortRange } from '@infra/net/free-port';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    ports: { type: 'string' },
    dir: { type: 'string', default: '.data/stack-local' },
    soak: { type: 'string' },
    report: { type: 'string' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
try {
  applyPortRange(values.ports);
} catch (error) {
  say(`--ports ${(error as Error).message}`);
  process.exit(2);
}
// haproxy's port: as given, else the range's first free one, else 4400.
const port =
  values.port !== undefined ? Number(values.port) : values.ports ? await freePort() : 4400;
const soakSeconds = values.soak === undefined ? undefined : Number(values.soak);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  say(`--port ${values.port}: must be a port number from 1 to 65535`);
  process.exit(2);
}
if (soakSeconds !== undefined && !(Number.isInteger(soakSeconds) && soakSeconds >= 30)) {
  say(`--soak ${values.soak}: must be a whole number of seconds, at least 30`);
  process.exit(2);
}
const started = performance.now();
const stack = await startStack({
  port,
  dir: values.dir,
  log: say,
}).catch((error: unknown) => {
  say(`the stack did not start: ${error instanceof Error ? error.message : String(error)}`);
  say(`(haproxy is ${HAPROXY}; the processes' output is in ${values.dir}/logs)`);
  process.exit(1);
});

let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  // A process still stopped by a freeze would not hear its SIGTERM.
  thawAll();
  stopping ??= stack.stop().finally(() => process.exit(code));
  return stopping;
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

say(`
The stack is up in ${((performance.now() - started) / 1000).toFixed(0)} s:
  portal (haproxy)      ${stack.publicUrl}/en/  ${stack.publicUrl}/fr/  staff: ${stack.publicUrl}/admin
  portals               ${stack.portalPorts.map((p) => `http://127.0.0.1:${p}`).join('  ')}
  projector workers     ${stack.projectors.map((p) => `${p.name} (pid ${p.pid()})`).join('  ')}
  Postgres              ${stack.databaseUrl.replace(/:[^:@/]+@/, ':***@')}
  Kafka (KRaft, 3)      ${stack.kafka.brokers}
  S3 (s3rver)           ${stack.s3.options.endpoint}/${stack.s3.options.bucket}
  SMTP capture          ${stack.smtp.url}
  OpenID Provider       ${stack.oidc.issuer}
  metrics               portals ${stack.metricsPorts.portals.map((p) => `:${p}`).join(' ')}  projectors ${stack.metricsPorts.projectors.map((p) => `:${p}`).join(' ')}
  Prometheus            ${stack.prometheusUrl ? `${stack.prometheusUrl} (alert rules loaded: ${stack.prometheusUrl}/alerts)` : 'not installed'}
  logs                  ${stack.dir}/logs
`);

if (soakSeconds === undefined) {
  writeMailToOutbox(stack.smtp, join(stack.dir, 'mail'), say);
  say(
    `Demo claimant: ${join(stack.dir, 'portal-1', 'demo-credentials.txt')}; staff: the provider's buttons.`,
  );
  say(`Mail (codes included) is written to ${join(stack.dir, 'mail')}, one file each.`);
  say('Ctrl-C stops everything.');
} else {
  try {
    const result = await runSoak(stack, { seconds: soakSeconds, log: say });
    const report = soakReport(result);
    say(report);
    if (values.report) writeFileSync(values.report, report);
    await stop(result.failures.length === 0 ? 0 : 1);
  } catch (error) {
    // The stack's processes must not outlive a soak that broke off.
    say(`the soak broke off: ${error instanceof Error ? error.stack : String(error)}`);
    await stop(1);
  }
}
