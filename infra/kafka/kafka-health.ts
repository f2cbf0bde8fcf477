import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import type { EventStore } from '@contracts/event-store';
import { readRelayCheckpoint } from './relay-checkpoint';
import { countParked } from './relay-parking';
import type { Relay } from './relay';
import type { TopicReport } from './relay-topic';

/** Counting stops here, as for projection lag. */
const LAG_COUNT_LIMIT = 10_000;
const PROBE_TIMEOUT_MS = 2_000;
/** Health may be asked often; the broker is asked at most this often. */
const PROBE_CACHE_MS = 1_000;

export interface KafkaHealth {
  readonly broker: {
    readonly reachable: boolean;
    readonly brokers: number | null;
    readonly error?: string;
  };
  readonly relay: {
    readonly role: string;
    readonly eventsBehind: number;
    readonly eventsBehindCapped: boolean;
    readonly secondsBehind: number;
    readonly lastPublishedAt: string | null;
    readonly lastSendError: string | null;
  };
  readonly topic: TopicReport | null;
  readonly parked: { readonly events: number; readonly claims: number };
  /** One line per thing an operator should look at (empty when all is well). */
  readonly alerts: readonly string[];
}

const HEALTH_KEY = Symbol.for('claims-portal.kafka-health');
type Holder = { [HEALTH_KEY]?: () => Promise<KafkaHealth> };

/** The launcher registers the running relay's health; the site's /api/health reads it. */
export function registerKafkaHealth(source: (() => Promise<KafkaHealth>) | undefined): void {
  (globalThis as Holder)[HEALTH_KEY] = source;
}

/** Undefined when Kafka is not configured in this process. */
export function kafkaHealth(): Promise<KafkaHealth> | undefined {
  return (globalThis as Holder)[HEALTH_KEY]?.();
}

type Probe = { reachable: boolean; brokers: number | null; error?: string };

/** Asks the cluster who is in it, with a short deadline, at most once a second. */
export function brokerProbe(kafka: Kafka): () => Promise<Probe> {
  let last: { at: number; result: Promise<Probe> } | undefined;
  async function probe(): Promise<Probe> {
    const admin = kafka.admin();
    let timer: NodeJS.Timeout | undefined;
    try {
      const cluster = await Promise.race([
        admin.connect().then(() => admin.describeCluster()),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 2 s')), PROBE_TIMEOUT_MS);
        }),
      ]);
      return { reachable: true, brokers: cluster.brokers.length };
    } catch (error) {
      return { reachable: false, brokers: null, error: (error as Error).message };
    } finally {
      clearTimeout(timer);
      void admin.disconnect().catch(() => {});
    }
  }
  return () => {
    if (!last || Date.now() - last.at > PROBE_CACHE_MS) last = { at: Date.now(), result: probe() };
    return last.result;
  };
}

export async function relayHealth(
  ports: { pool: pg.Pool; eventStore: EventStore },
  relay: Relay,
  probe: () => Promise<Probe>,
  now = new Date(),
): Promise<KafkaHealth> {
  const after = await readRelayCheckpoint(ports.pool, relay.name);
  const [pending, parked, broker] = await Promise.all([
    ports.eventStore.readAll({ after, maxCount: LAG_COUNT_LIMIT }),
    countParked(ports.pool),
    probe(),
  ]);
  const status = relay.status();
  const oldest = pending[0];
  const secondsBehind = oldest
    ? Math.max(0, (now.getTime() - Date.parse(oldest.metadata.occurredAt)) / 1000)
    : 0;
  const alerts: string[] = [];
  if (!broker.reachable) alerts.push(`Kafka is not reachable: ${broker.error ?? 'no answer'}`);
  if (parked.events > 0)
    alerts.push(`${parked.events} event(s) of ${parked.claims} claim(s) parked by the relay`);
  for (const difference of status.topic?.differences ?? [])
    alerts.push(`topic ${status.topic?.topic}: ${difference}`);
  for (const warning of status.topic?.warnings ?? []) alerts.push(warning);
  return {
    broker,
    relay: {
      role: status.role,
      eventsBehind: pending.length,
      eventsBehindCapped: pending.length === LAG_COUNT_LIMIT,
      secondsBehind,
      lastPublishedAt: status.lastPublishedAt?.toISOString() ?? null,
      lastSendError: status.lastSendError ?? null,
    },
    topic: status.topic ?? null,
    parked: { events: parked.events, claims: parked.claims },
    alerts,
  };
}
