import { describe, expect, it } from 'vitest';
import type { KafkaHealth } from '@infra/kafka/kafka-health';
import { judgeReadiness, type ReadinessInputs } from './readiness';

const lag = (secondsBehind: number) => ({
  projection: 'claims',
  eventsBehind: secondsBehind > 0 ? 3 : 0,
  eventsBehindCapped: false,
  secondsBehind,
  eventsHeldBack: 0,
});
const mail = { queued: 0, oldestQueuedSeconds: 0, deadLetters: 0 };
const kafka = (
  overrides: { reachable?: boolean; role?: string; secondsBehind?: number; parked?: number } = {},
): KafkaHealth => ({
  broker: {
    reachable: overrides.reachable ?? true,
    brokers: 3,
    ...(overrides.reachable === false ? { error: 'connect ECONNREFUSED' } : {}),
  },
  relay: {
    role: overrides.role ?? 'leader',
    eventsBehind: 0,
    eventsBehindCapped: false,
    secondsBehind: overrides.secondsBehind ?? 0,
    lastPublishedAt: null,
    lastSendError: null,
  },
  topic: null,
  parked: { events: overrides.parked ?? 0, claims: overrides.parked ?? 0 },
  alerts: [],
});
const healthy: ReadinessInputs = {
  database: { ok: true, value: true },
  projections: { ok: true, value: [lag(0)] },
  mail: { ok: true, value: mail },
  kafka: { ageSeconds: 1, health: { ok: true, value: kafka() } },
  notifications: {
    ageSeconds: 1,
    status: { ok: true, value: { groupId: 'g', topic: 't', lag: 0, deadLetters: 0 } },
  },
};

describe('readiness', () => {
  it('is ok with nothing to report', () => {
    expect(judgeReadiness(healthy)).toEqual({ status: 'ok', reasons: [] });
  });

  it('is down, naming the database, when Postgres does not answer', () => {
    const verdict = judgeReadiness({
      ...healthy,
      database: { ok: false, error: 'no answer within 500 ms' },
    });
    expect(verdict).toEqual({ status: 'down', reasons: ['database: no answer within 500 ms'] });
  });

  it.each<[string, Partial<ReadinessInputs>, RegExp]>([
    [
      'a lagging projection',
      { projections: { ok: true, value: [lag(45)] } },
      /^projection claims: 45 s behind$/,
    ],
    [
      'projections not read in time',
      { projections: { ok: false, error: 'no answer within 500 ms' } },
      /^projections:/,
    ],
    [
      'old mail',
      { mail: { ok: true, value: { ...mail, queued: 2, oldestQueuedSeconds: 400 } } },
      /^mail queue: oldest message waiting 400 s$/,
    ],
    [
      'dead letters',
      { mail: { ok: true, value: { ...mail, deadLetters: 2 } } },
      /^mail queue: 2 dead letter/,
    ],
    [
      'an unreachable broker',
      { kafka: { ageSeconds: 1, health: { ok: true, value: kafka({ reachable: false }) } } },
      /^kafka: broker unreachable \(connect ECONNREFUSED\)$/,
    ],
    [
      'a stalled relay',
      { kafka: { ageSeconds: 1, health: { ok: true, value: kafka({ secondsBehind: 90 }) } } },
      /^kafka relay: stalled, 90 s behind$/,
    ],
    [
      'a relay with no role yet',
      { kafka: { ageSeconds: 1, health: { ok: true, value: kafka({ role: 'starting' }) } } },
      /^kafka relay: starting$/,
    ],
    [
      'parked events',
      { kafka: { ageSeconds: 1, health: { ok: true, value: kafka({ parked: 4 }) } } },
      /^kafka relay: 4 event/,
    ],
    [
      'an old Kafka reading',
      { kafka: { ageSeconds: 40, health: { ok: true, value: kafka() } } },
      /^kafka: no reading for 40 s$/,
    ],
    [
      'a lagging consumer',
      {
        notifications: {
          ageSeconds: 1,
          status: { ok: true, value: { groupId: 'g', topic: 't', lag: 5_000, deadLetters: 0 } },
        },
      },
      /^notifications: 5000 message/,
    ],
  ])('is degraded by %s, and says so', (_what, change, reason) => {
    const verdict = judgeReadiness({ ...healthy, ...change });
    expect(verdict.status).toBe('degraded');
    expect(verdict.reasons).toHaveLength(1);
    expect(verdict.reasons[0]).toMatch(reason);
  });

  it('leaves Kafka out where this process runs none', () => {
    const { kafka: _k, notifications: _n, ...withoutKafka } = healthy;
    expect(judgeReadiness(withoutKafka).status).toBe('ok');
  });
});
