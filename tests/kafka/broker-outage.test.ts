import {
  expectReadinessThroughOutage,
  pollReadiness,
  type ReadySample,
} from './support/readiness-poll';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KafkaBroker, startKafkaBroker } from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import { readRelayCheckpoint } from '@infra/kafka/relay';
import type { Kafka } from 'kafkajs';
import { freePort } from '../support/free-port';
import { TestBrowser } from '../support/oidc-test-provider';
import { type SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { call, type PortalUnderTest, startPortalUnderTest } from '../faults/portal-under-test';
import { percentile, summary } from './support/latency';
import type { HealthSample, Phase, Submission } from './support/outage-samples';
import { describeStalls, portalsOwnMs } from './support/post-stalls';
import { type StallWatch, watchStalls } from './support/stall-watch';
import { type ReadMessage, readTopic, TopicReadTimeout } from './support/topic-reader';

/**
 * Issue 26: with the broker killed (SIGKILL) for 60 s while customers submit claims through
 * the HTTP API, no command and no read model may notice: the relay holds no transaction
 * across the Kafka send, so nothing holds the event store's readers back.
 */
const OUTAGE_MS = Number(process.env.KAFKA_OUTAGE_MS ?? 60_000);
const BEFORE_MS = 25_000;
const WARM_UP_MS = 5_000;
/**
 * Ten customers, each pausing 500 ms between claims: about 19 submissions a second, as three
 * customers pausing 150 ms made, but each customer's list stays near 200 claims instead of
 * 650. The dashboard check reads the customer's whole list after every POST, and at 650
 * claims those answers were most of the garbage both this process and the portal collected.
 */
const CUSTOMERS = 10;
const THINK_MS = 500;
/**
 * A single POST may reach this when the whole path pauses: a GC pause, or a stall of the
 * machine. The defect made every POST take 3 s. At 250 ms it failed a clean-clone CI run on
 * 2026-11-26 with 14 POSTs of 342–449 ms that ended within 6 ms of each other: every client
 * paused at once, with the broker down and nothing of the relay on their path. A third of
 * the defect still fails it, and the outage's p95 stays held to the pre-outage bound.
 * The time the disk or this process stalled during a POST is not the portal's (see
 * `portalsOwnMs`): the CI of 2026-11-27 failed on ten POSTs of 1.13–1.16 s ending together,
 * and a run here then showed what such a stall is: the append waiting 250–400 ms on `WalSync`
 * (pg_stat_activity) while the portal's event loop and this process ran on.
 */
const SINGLE_POST_CEILING_MS = 1_000;
const MIN_SLACK_MS = 25;
const TOPIC = 'claims.claim-events';
const CODE = /Code ?: ([A-Za-z0-9]+)/;

const log = (line: string) => process.stdout.write(`[broker-outage] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Health {
  projections: Array<{ secondsBehind: number }>;
  eventStore: { stalled: boolean; oldestOpenTransaction: { seconds: number } | null } | null;
  kafka: {
    broker: { reachable: boolean };
    relay: { eventsBehind: number; secondsBehind: number };
  } | null;
}

describe('the broker is killed for 60 s while customers submit claims (real portal, real Kafka)', () => {
  let dir: string;
  let broker: KafkaBroker;
  let smtp: SmtpCapture;
  let portal: PortalUnderTest;
  let metricsUrl: string;
  const metricsToken = randomBytes(24).toString('hex');
  const customers: Array<{ email: string; browser: TestBrowser }> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-kafka-outage-'));
    [broker, smtp] = await Promise.all([startKafkaBroker({ dir, log }), startSmtpCapture()]);
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    portal = await startPortalUnderTest({
      KAFKA_BROKERS: broker.brokers,
      KAFKA_TOPIC: TOPIC,
      KAFKA_TOPIC_PARTITIONS: '3',
      SMTP_URL: smtp.url,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: metricsToken,
    });
    customers.push(
      ...(await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signedUpCustomer(i)))),
    );
  }, 300_000);

  afterAll(async () => {
    await portal?.stop();
    await broker?.stop();
    await smtp?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function signedUpCustomer(i: number) {
    const browser = new TestBrowser();
    const email = `outage.${i}.${Date.now()}@example.test`;
    const json = async (path: string, body: unknown) =>
      (await (await call(browser, portal.base, path, body)).json()) as Record<string, string>;
    await browser.request(`${portal.base}/en/`);
    const { userId } = await json('/api/banktech/account_creation', registrationBody({ email }));
    const verified = await json('/api/banktech/verify_user', {
      user_id: userId,
      verification_code: await smtp.codeFor(email, CODE, 30_000),
    });
    expect(verified.status).toBe('ACCOUNT_OK');
    const { flowId } = await json('/api/auth/flows', {});
    await json(`/api/auth/flows/${flowId}/password`, { email, password: VALID_PASSWORD });
    const otp = await smtp.codeFor(email, CODE, 30_000);
    expect((await json(`/api/auth/flows/${flowId}/otp`, { otp })).status).toBe('COMPLETED');
    await json('/api/auth/session/initiate', { flowId });
    return { email, browser };
  }

  /**
   * For a read that ran out of time: the relay's checkpoint against the last stored event
   * (did the relay count them as sent?) and each partition's end offset against what the
   * read got from it (were they on the topic?).
   */
  async function whereTheyStopped(kafka: Kafka, read: readonly ReadMessage[]): Promise<string> {
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(TOPIC).finally(() => admin.disconnect());
    const readPer = (partition: number) => read.filter((m) => m.partition === partition).length;
    const checkpoint = await readRelayCheckpoint(portal.db, 'kafka-relay');
    const { rows } = await portal.db.query<{ last: string }>(
      'select max(global_position)::text as last from events',
    );
    return [
      `relay checkpoint at position ${checkpoint.prepare}; last stored event ${rows[0]?.last}`,
      `partitions (end offset / read): ${ends.map((p) => `${p.partition}: ${p.high}/${readPer(p.partition)}`).join(', ')}`,
    ].join('\n');
  }

  it('keeps POST /api/claims within its pre-outage p99 + 50 %, at least 25 ms (its p95; no single POST past a GC pause), every claim on the dashboard within 1 s; relay lag rises and falls; nothing lost, nothing mailed twice', async () => {
    let phase: Phase = 'warm-up';
    let running = true;
    const submissions: Submission[] = [];
    const failures: string[] = [];
    const samples: HealthSample[] = [];

    async function customerLoop(customer: { email: string; browser: TestBrowser }, c: number) {
      let n = 0;
      while (running) {
        n += 1;
        const at = phase;
        const started = performance.now();
        const answer = await call(customer.browser, portal.base, '/api/claims', {
          policyNumber: `OUT-${c}-${n}`,
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Job Loss',
        });
        const postMs = performance.now() - started;
        const postEndedAt = Date.now();
        if (answer.status !== 201) {
          failures.push(`POST ${answer.status}: ${await answer.text()}`);
          continue;
        }
        const { submissionId, confirmationNumber } = (await answer.json()) as {
          submissionId: string;
          confirmationNumber: string;
        };
        let dashboardMs = Number.POSITIVE_INFINITY;
        while (performance.now() - started < 5_000) {
          const list = (await (
            await call(customer.browser, portal.base, '/api/claims')
          ).json()) as {
            claims: Array<{ submissionId: string }>;
          };
          if (list.claims.some((claim) => claim.submissionId === submissionId)) {
            dashboardMs = performance.now() - started;
            break;
          }
          await sleep(20);
        }
        submissions.push({
          phase: at,
          customer: customer.email,
          submissionId,
          confirmationNumber,
          postMs,
          postStartedAt: started,
          postEndedAt,
          dashboardMs,
        });
        await sleep(THINK_MS);
      }
    }

    async function healthLoop() {
      while (running) {
        const health = (await (await fetch(`${portal.base}/api/health`)).json()) as Health;
        samples.push({
          at: Date.now(),
          phase,
          reachable: health.kafka?.broker.reachable,
          relayEventsBehind: health.kafka?.relay.eventsBehind ?? -1,
          relaySecondsBehind: health.kafka?.relay.secondsBehind ?? -1,
          projectionSecondsBehind: Math.max(...health.projections.map((p) => p.secondsBehind)),
          stalled: health.eventStore?.stalled ?? false,
          oldestOpenSeconds: health.eventStore?.oldestOpenTransaction?.seconds ?? 0,
        });
        await sleep(500);
      }
    }

    const readiness: ReadySample<Phase>[] = [];

    const stalls: StallWatch = watchStalls({ db: portal.db, metricsUrl, metricsToken });
    const loops = [
      ...customers.map(customerLoop),
      healthLoop(),
      pollReadiness(
        portal.base,
        () => phase,
        () => running,
        readiness,
      ),
    ];
    await sleep(WARM_UP_MS);
    phase = 'before';
    await sleep(BEFORE_MS);
    phase = 'outage';
    await broker.kill();
    const killedAt = Date.now();
    log(`broker killed (kill -9) after ${submissions.length} claims`);
    await sleep(OUTAGE_MS);
    phase = 'recovery';
    const restarting = Date.now();
    await broker.start();
    log(`broker down ${Date.now() - killedAt} ms (restart took ${Date.now() - restarting} ms)`);
    const caughtUp = () => {
      const last = samples.at(-1);
      return last !== undefined && last.at > restarting && last.relayEventsBehind === 0;
    };
    for (const deadline = Date.now() + 120_000; !caughtUp() && Date.now() < deadline; )
      await sleep(250);
    const relayBackAt = Date.now();
    await sleep(2_000);
    running = false;
    await Promise.all(loops);
    await stalls.stop();

    const posts = (p: Phase) => submissions.filter((s) => s.phase === p).map((s) => s.postMs);
    const before = posts('before').sort((a, b) => a - b);
    const p99 = percentile(before, 99);
    // p99 + 50 %, with at least MIN_SLACK_MS of slack: once the portal answered in about
    // 20 ms (issue 30), 50 % was 10 ms, less than the outage's own jitter on these two cores
    // (the consumer's reconnects, garbage collection), which did not change: the outage's
    // p99 was 37.6 ms before that work and 35–39 ms after it.
    const bound = Math.max(p99 * 1.5, p99 + MIN_SLACK_MS);
    for (const p of ['before', 'outage', 'recovery'] as const) log(summary(p, posts(p)));
    const dashboard = submissions.map((s) => s.dashboardMs).sort((a, b) => a - b);
    log(summary('dashboard (POST start → listed)', dashboard));
    const relayPeak = Math.max(...samples.map((s) => s.relayEventsBehind));
    const relaySecondsPeak = Math.max(...samples.map((s) => s.relaySecondsBehind));
    log(
      `pre-outage p99 ${p99.toFixed(1)} ms, bound ${bound.toFixed(1)} ms; relay lag peak ${relayPeak} events / ${relaySecondsPeak.toFixed(1)} s; relay back to 0 ${relayBackAt - restarting} ms after the restart began`,
    );
    log(
      `projection secondsBehind max ${Math.max(...samples.map((s) => s.projectionSecondsBehind)).toFixed(2)} s; oldest open xid max ${Math.max(...samples.map((s) => s.oldestOpenSeconds)).toFixed(2)} s`,
    );

    expect(failures).toEqual([]);
    expect(before.length).toBeGreaterThan(50);
    expect(posts('outage').length).toBeGreaterThan(OUTAGE_MS / 1_000);
    // The outage as a whole stays within the pre-outage p99 + 50 % (its own p95 is held to
    // that bound). Single answers are held to a ceiling instead: a garbage-collection pause in
    // the portal or in this process (20–90 ms, with or without the broker) delays every POST
    // in flight at once, and lands in the 60 s outage more often than in the 25 s before it.
    // The outage's p99 (its 11th-slowest POST of about 1,100) failed on four such pauses in
    // 3 of 7 runs; the stalls timed against a GC log of both processes each fell on a pause
    // of one of them. The defect this guards against made every POST wait 3 s. POSTs still running when the broker's restart began are left
    // out: the test starts the broker's JVM on the portal's own two cores.
    const outageSubmissions = submissions.filter(
      (s) => s.phase === 'outage' && s.postEndedAt < restarting,
    );
    const outagePosts = outageSubmissions.map((s) => s.postMs).sort((a, b) => a - b);
    const ceiling = Math.max(bound, before.at(-1) as number, SINGLE_POST_CEILING_MS);
    for (const s of submissions.filter((s) => s.phase === 'outage' && s.postMs > bound))
      log(
        `outage POST over the bound: ${Math.round(s.postMs)} ms, ended ${s.postEndedAt - killedAt} ms after the kill; ${describeStalls(stalls, s)}`,
      );
    log(
      `outage POSTs over the bound: ${outagePosts.filter((ms) => ms > bound).length} of ${outagePosts.length}; ceiling for one POST ${ceiling.toFixed(1)} ms`,
    );
    expect(percentile(outagePosts, 95)).toBeLessThanOrEqual(bound);
    expect(
      outageSubmissions
        .filter((s) => portalsOwnMs(stalls, s, s.postMs) > ceiling)
        .map((s) => `${Math.round(s.postMs)} ms; ${describeStalls(stalls, s)}`),
    ).toEqual([]);
    expect(
      submissions
        .filter((s) => portalsOwnMs(stalls, s, s.dashboardMs) > 1_000)
        .map((s) => `listed after ${Math.round(s.dashboardMs)} ms; ${describeStalls(stalls, s)}`),
    ).toEqual([]);
    // Health: the broker seen gone and back; the relay's lag rose during the outage and fell.
    const outage = samples.filter((s) => s.phase === 'outage');
    expect(outage.some((s) => s.reachable === false)).toBe(true);
    const outageLag = outage.map((s) => s.relayEventsBehind);
    expect(outageLag.at(-1)).toBeGreaterThan(outageLag[0] as number);
    expect(Math.max(...outageLag)).toBeGreaterThan(OUTAGE_MS / 1_000);
    expect(Math.max(...samples.map((s) => s.relaySecondsBehind))).toBeGreaterThan(
      OUTAGE_MS / 1_000,
    );
    expectReadinessThroughOutage(readiness, 'outage', killedAt, log);

    // Once the submissions stop, the relay's lag falls to 0.
    await expect
      .poll(
        async () => {
          const health = (await (await fetch(`${portal.base}/api/health`)).json()) as Health;
          return [health.kafka?.broker.reachable, health.kafka?.relay.eventsBehind];
        },
        { timeout: 15_000 },
      )
      .toEqual([true, 0]);
    // No read model fell behind and no transaction held the log's readers back.
    expect(samples.filter((s) => s.stalled)).toEqual([]);
    expect(Math.max(...samples.map((s) => s.projectionSecondsBehind))).toBeLessThan(1);

    // Nothing lost: every claim's submission on the topic.
    const kafka = createKafka({ brokers: broker.brokers, clientId: 'outage-reader' });
    const wanted = new Set(submissions.map((s) => s.submissionId));
    const submittedOnTopic = (messages: readonly { event: IntegrationEvent }[]) =>
      new Set(
        messages.filter((m) => m.event.type === 'claim.submitted').map((m) => m.event.claimId),
      );
    // The claims read are gathered once per message read. Gathering them again for each
    // claim checked made the check cost claims × messages, for each message: the reader
    // spent a minute on the last hundreds of 2,000 claims and ran out of time (CI at 060acfd:
    // "read 2151 messages … 2 claims not read", with every message on the topic).
    const everyClaim = (m: readonly ReadMessage[]) => {
      const read = submittedOnTopic(m);
      return [...wanted].every((id) => read.has(id));
    };
    const messages = await readTopic(kafka, TOPIC, everyClaim, 120_000).catch(
      async (error: unknown) => {
        if (!(error instanceof TopicReadTimeout)) throw error;
        const read = submittedOnTopic(error.messages);
        const missing = [...wanted].filter((id) => !read.has(id)).length;
        throw new Error(
          `${error.message}\n${missing} claims not read\n${await whereTheyStopped(kafka, error.messages)}`,
        );
      },
    );
    const ids = messages.map((m) => m.event.eventId);
    log(
      `${submissions.length} claims; ${messages.length} messages on the topic, ${ids.length - new Set(ids).size} re-published`,
    );

    // Nothing mailed twice: one "claim received" mail per claim, counted per recipient.
    const confirmations = new Set(submissions.map((s) => s.confirmationNumber));
    const received = () =>
      smtp.messages.filter((mail) =>
        (mail.subject ?? '').split(' ').some((word) => confirmations.has(word)),
      );
    await expect
      .poll(() => received().length, { timeout: 120_000, interval: 500 })
      .toBeGreaterThanOrEqual(submissions.length);
    await sleep(3_000);
    const perRecipientAndClaim = new Map<string, number>();
    for (const mail of received()) {
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
      const key = `${to} ${mail.subject}`;
      perRecipientAndClaim.set(key, (perRecipientAndClaim.get(key) ?? 0) + 1);
    }
    const twice = [...perRecipientAndClaim].filter(([, n]) => n > 1);
    log(`${received().length} claim mails for ${submissions.length} claims; ${twice.length} twice`);
    expect(twice).toEqual([]);
    expect(perRecipientAndClaim.size).toBe(submissions.length);
  }, 600_000);
});
