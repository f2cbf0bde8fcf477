import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ManagedProcess, managedProcess } from './managed-process';

/** Debian's prometheus package (`apt-get install prometheus`; .ci/run installs it). */
const PROMETHEUS = process.env.PROMETHEUS ?? '/usr/bin/prometheus';
/** The portal's alert rules, as shipped. */
const ALERT_RULES = resolve(import.meta.dirname, '../../infra/observability/alerts.yml');

export interface ScrapeJob {
  readonly job: string;
  readonly ports: readonly number[];
}

/**
 * Prometheus scraping every process of the stack every 5 s with the shipped alert rules loaded,
 * so the dashboard's queries and the alerts can be tried on the topology they are for.
 * Undefined (and a line saying why) when the binary is not installed.
 */
export function startPrometheus(
  dir: string,
  port: number,
  jobs: readonly ScrapeJob[],
  logFile: string,
  say: (line: string) => void,
): ManagedProcess | undefined {
  if (!existsSync(PROMETHEUS)) {
    say(`Prometheus not started: ${PROMETHEUS} is missing (apt-get install prometheus)`);
    return undefined;
  }
  const config = join(dir, 'prometheus.yml');
  writeFileSync(config, prometheusConfig(jobs));
  const prometheus = managedProcess({
    name: 'prometheus',
    command: PROMETHEUS,
    args: [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    logFile,
  });
  prometheus.start();
  return prometheus;
}

function prometheusConfig(jobs: readonly ScrapeJob[]): string {
  return [
    'global:',
    '  scrape_interval: 5s',
    '  evaluation_interval: 5s',
    'rule_files:',
    `  - ${ALERT_RULES}`,
    'scrape_configs:',
    ...jobs.flatMap(({ job, ports }) => [
      `  - job_name: ${job}`,
      '    static_configs:',
      `      - targets: [${ports.map((p) => `'127.0.0.1:${p}'`).join(', ')}]`,
    ]),
    '',
  ].join('\n');
}
