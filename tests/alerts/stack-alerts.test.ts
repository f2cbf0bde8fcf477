/**
 * `npm run test:alerts` (issue 44, decision 134): Debian's Prometheus scraping the topology of
 * `npm run stack:local` with the shipped rules (infra/observability/alerts.yml, unchanged `for:`
 * durations), one gray failure at a time: the leading projector frozen, Postgres frozen, the SMTP
 * server gone. Each must fire its alert; each alert's time to fire and to clear is printed.
 * Not in `npm test`: the mail rule alone needs 5 min of queue age plus its minute.
 */
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../scripts/stack/stack';
import { freePort } from '../support/free-port';
import { postgresProcesses, signalAll } from '../support/frozen-processes';
import { TestBrowser } from '../support/oidc-test-provider';
import { type SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { type ActiveAlert, activeAlerts, pollFor, targetHealth } from './prometheus-alerts';

const MINUTE = 60_000;
const CODE = /Code ?: ([A-Za-z0-9]+)/;

interface Drill {
  readonly fault: string;
  readonly alert: string;
  /** From the fault to the alert's first `firing` seen (polled every second). */
  readonly firedMs: number;
  /** From the fault to the alert's `activeAt` (its expression first held). */
  readonly pendingMs: number;
  /** From lifting the fault until the alert was gone. */
  readonly clearedMs: number;
  readonly firingInstances: readonly string[];
  /** Every other alert seen pending or firing meanwhile. */
  readonly others: readonly string[];
}

describe("Debian's Prometheus scraping npm run stack:local: each gray failure fires its alert", () => {
  let stack: Stack;
  let prometheus: string;
  let frozen: number[] = [];
  let smtpAgain: SmtpCapture | undefined;
  const drills: Drill[] = [];

  beforeAll(async () => {
    const started = Date.now();
    stack = await startStack({ port: await freePort(), dir: '.data/stack-alerts' });
    if (!stack.prometheusUrl)
      throw new Error('Prometheus is not installed (apt-get install prometheus)');
    prometheus = stack.prometheusUrl;
    const expected = stack.metricsPorts.portals.length + stack.metricsPorts.projectors.length;
    await pollFor(
      `all ${expected} targets up`,
      async () => {
        const health = [...(await targetHealth(prometheus)).values()];
        return health.length === expected && health.every((h) => h === 'up') ? true : undefined;
      },
      2 * MINUTE,
    );
    console.info(`stack and Prometheus up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 8 * MINUTE);

  afterAll(async () => {
    signalAll(frozen, 'SIGCONT');
    if (drills.length > 0) console.info(table(drills));
    await smtpAgain?.stop();
    await stack?.stop();
  }, 2 * MINUTE);

  /** Applies `fault`, waits for `alert` to fire, lifts the fault and waits for it to clear. */
  async function drill(
    fault: string,
    alert: string,
    apply: () => Promise<() => Promise<void>>,
    options: { fireWithinMs: number; instance?: string },
  ): Promise<Drill> {
    const named = async () =>
      (await activeAlerts(prometheus)).filter((a) => a.labels.alertname === alert);
    expect(await named(), `${alert} before the fault`).toEqual([]);
    const others = new Set<string>();
    const noteOthers = (alerts: readonly ActiveAlert[]) => {
      for (const a of alerts)
        if (a.labels.alertname !== alert) others.add(`${a.labels.alertname} (${a.state})`);
    };
    const startedAt = Date.now();
    const lift = await apply();
    let firing: ActiveAlert[] = [];
    try {
      firing = await pollFor(
        `${alert} firing after: ${fault}`,
        async () => {
          const alerts = await activeAlerts(prometheus);
          noteOthers(alerts);
          const mine = alerts.filter(
            (a) =>
              a.labels.alertname === alert &&
              a.state === 'firing' &&
              (options.instance === undefined || a.labels.instance === options.instance),
          );
          return mine.length > 0 ? mine : undefined;
        },
        options.fireWithinMs,
      );
    } finally {
      await lift();
    }
    const firedMs = Date.now() - startedAt;
    const liftedAt = Date.now();
    await pollFor(
      `${alert} cleared after lifting: ${fault}`,
      async () => ((await named()).length === 0 ? true : undefined),
      2 * MINUTE,
    );
    const result: Drill = {
      fault,
      alert,
      firedMs,
      pendingMs: Math.min(...firing.map((a) => Date.parse(a.activeAt))) - startedAt,
      clearedMs: Date.now() - liftedAt,
      firingInstances: firing.map((a) => a.labels.instance ?? '-'),
      others: [...others],
    };
    drills.push(result);
    console.info(JSON.stringify(result));
    return result;
  }

  it(
    'a frozen leading projector (SIGSTOP): ProjectorTargetDown names it',
    async () => {
      const leading = () =>
        [...stack.projectors].sort((a, b) => b.leads().length - a.leads().length)[0];
      const leader = await pollFor(
        'a projector leading',
        async () => ((leading()?.leads().length ?? 0) > 0 ? leading() : undefined),
        MINUTE,
      );
      const index = stack.projectors.indexOf(leader);
      const pid = leader.pid() as number;
      const result = await drill(
        `leading projector ${leader.name} frozen`,
        'ProjectorTargetDown',
        async () => {
          frozen = [pid];
          signalAll(frozen, 'SIGSTOP');
          return async () => {
            signalAll(frozen, 'SIGCONT');
            frozen = [];
          };
        },
        {
          fireWithinMs: 3 * MINUTE,
          instance: `127.0.0.1:${stack.metricsPorts.projectors[index]}`,
        },
      );
      // `for: 1m` after the first failed scrape (5 s apart, 5 s timeout), evaluated every 5 s.
      expect(result.firedMs).toBeGreaterThanOrEqual(MINUTE);
      expect(result.firedMs).toBeLessThan(MINUTE + 30_000);
      // The standby took the leases over: the read side never lagged long enough to page.
      expect(result.others.filter((o) => o.startsWith('ProjectionLagging'))).toEqual([]);
    },
    6 * MINUTE,
  );

  it(
    'a frozen Postgres (SIGSTOP of the postmaster and every backend): PostgresUnreachable',
    async () => {
      const port = Number(new URL(stack.databaseUrl).port);
      const result = await drill(
        'Postgres frozen',
        'PostgresUnreachable',
        async () => {
          frozen = postgresProcesses(port);
          signalAll(frozen, 'SIGSTOP');
          return async () => {
            signalAll(frozen, 'SIGCONT');
            frozen = [];
          };
        },
        { fireWithinMs: 3 * MINUTE },
      );
      expect(result.firedMs).toBeGreaterThanOrEqual(MINUTE);
      expect(result.firedMs).toBeLessThan(MINUTE + 30_000);
      // /metrics kept answering (per-source deadlines): no process went dark with the database.
      expect(result.others.filter((o) => /TargetDown/.test(o))).toEqual([]);
    },
    6 * MINUTE,
  );

  it(
    'the SMTP server gone while a claimant registers: MailQueueStalled',
    async () => {
      const smtpPort = Number(new URL(stack.smtp.url).port);
      const email = `alerts.${Date.now()}@example.test`;
      const browser = new TestBrowser();
      await browser.request(`${stack.publicUrl}/en/`);
      const result = await drill(
        'SMTP server stopped',
        'MailQueueStalled',
        async () => {
          await stack.smtp.stop();
          const registered = await browser.request(
            `${stack.publicUrl}/api/banktech/account_creation`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-csrf-token': browser.cookie('csrf_token') ?? '',
                origin: stack.publicUrl,
              },
              body: JSON.stringify(registrationBody({ email })),
            },
          );
          expect(registered.status).toBe(201);
          return async () => {
            smtpAgain = await startSmtpCapture(smtpPort);
          };
        },
        // The rule: the oldest mail queued for 5 min, then `for: 1m`.
        { fireWithinMs: 8 * MINUTE },
      );
      expect(result.firedMs).toBeGreaterThanOrEqual(6 * MINUTE);
      expect(result.firedMs).toBeLessThan(6 * MINUTE + 30_000);
      // The code that waited is delivered once SMTP is back.
      expect(await smtpAgain?.codeFor(email, CODE, MINUTE)).toMatch(/^[A-Za-z0-9]+$/);
    },
    12 * MINUTE,
  );
});

function table(drills: readonly Drill[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '| fault | alert | pending after | firing after | cleared after the fault was lifted | instances firing | other alerts meanwhile |',
    '|---|---|---|---|---|---|---|',
    ...drills.map(
      (d) =>
        `| ${d.fault} | ${d.alert} | ${s(d.pendingMs)} | ${s(d.firedMs)} | ${s(d.clearedMs)} | ${d.firingInstances.length} | ${d.others.join(', ') || 'none'} |`,
    ),
  ].join('\n');
}
