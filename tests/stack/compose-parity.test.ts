import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  PORTAL_ONLY_SETTINGS,
  STACK_KAFKA,
  STACK_ROLES,
  stackProcessEnv,
} from '../../scripts/stack/stack-shape';

interface ComposeService {
  readonly labels?: Record<string, string>;
  readonly deploy?: { readonly replicas?: number };
  readonly environment?: Record<string, string>;
}

const compose = parse(
  readFileSync(resolve(import.meta.dirname, '../../docker-compose.yml'), 'utf8'),
  {
    merge: true,
  },
) as { services: Record<string, ComposeService> };
const services = Object.entries(compose.services);

/**
 * Where docker-compose.yml differs from `npm run stack:local` on purpose, and why. Any other
 * difference in roles or settings fails this test.
 */
const COMPOSE_ONLY_ROLES: Record<string, string> = {
  eventstore: 'EventStoreDB has no Debian package; the local stack keeps the events in Postgres',
  setup: 'a one-shot job creating the MinIO bucket and user; s3rver needs none',
};
const COMPOSE_ONLY_SETTINGS: Record<string, string> = {
  EVENTSTORE_URL: 'the event store in EventStoreDB (see eventstore above)',
};

const sample = stackProcessEnv({
  databaseUrl: 'postgres://x',
  kafkaBrokers: 'a:1,b:1,c:1',
  s3: { endpoint: 'http://s3', bucket: 'b', region: 'r', accessKeyId: 'k', secretAccessKey: 's' },
  smtpUrl: 'smtp://m',
  oidc: { issuer: 'http://o', clientId: 'c', clientSecret: 's' },
  publicUrl: 'http://p',
  proxy: '127.0.0.1',
});
// NODE_ENV differs in value (development locally, production in the image), not in presence.
const processSettings = [...Object.keys(sample), 'NODE_ENV'];

function roleCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [, service] of services) {
    const role = service.labels?.['claims.role'] ?? 'unlabelled';
    counts[role] = (counts[role] ?? 0) + (service.deploy?.replicas ?? 1);
  }
  return counts;
}

const serviceOfRole = (role: string): ComposeService => {
  const found = services.filter(([, s]) => s.labels?.['claims.role'] === role);
  expect(found, `one service of role ${role}`).toHaveLength(1);
  return (found[0] as [string, ComposeService])[1];
};

const settingsOf = (service: ComposeService) => Object.keys(service.environment ?? {}).sort();
const expected = (names: readonly string[]) =>
  [...names, ...Object.keys(COMPOSE_ONLY_SETTINGS)].sort();

describe('docker-compose.yml describes the topology npm run stack:local runs (issue 29)', () => {
  it('has every service labelled with its role', () => {
    expect(services.filter(([, s]) => !s.labels?.['claims.role']).map(([name]) => name)).toEqual(
      [],
    );
  });

  it('runs the same roles, as many of each', () => {
    const counts = roleCounts();
    for (const role of Object.keys(COMPOSE_ONLY_ROLES)) delete counts[role];
    expect(counts).toEqual(STACK_ROLES);
  });

  it('gives each portal the same settings by name as a local portal', () => {
    expect(settingsOf(serviceOfRole('portal'))).toEqual(
      expected([...processSettings, ...PORTAL_ONLY_SETTINGS]),
    );
  });

  it('gives each projector the same settings by name as a local projector worker', () => {
    expect(settingsOf(serviceOfRole('projector'))).toEqual(expected(processSettings));
  });

  it('agrees on the values that shape the topology', () => {
    for (const role of ['portal', 'projector']) {
      const env = serviceOfRole(role).environment ?? {};
      expect(env.PROJECTOR).toBe(sample.PROJECTOR);
      for (const [name, value] of Object.entries(STACK_KAFKA)) expect(env[name], name).toBe(value);
      expect(env.KAFKA_BROKERS?.split(',')).toHaveLength(STACK_ROLES.kafka);
      expect(env.TRUST_PROXY, 'the load balancer is the trusted proxy').toBeTruthy();
    }
    const brokers = services.filter(([, s]) => s.labels?.['claims.role'] === 'kafka');
    const voters = brokers.map(([, s]) => s.environment?.KAFKA_CONTROLLER_QUORUM_VOTERS);
    expect(new Set(voters).size, 'one voters list naming every broker').toBe(1);
    expect(voters[0]?.split(',')).toHaveLength(STACK_ROLES.kafka);
    expect(new Set(brokers.map(([, s]) => s.environment?.KAFKA_NODE_ID)).size).toBe(
      STACK_ROLES.kafka,
    );
  });

  it('fails on a difference: a fourth portal, or a setting only one side has', () => {
    const counts: Record<string, number> = { ...roleCounts(), portal: 4 };
    for (const role of Object.keys(COMPOSE_ONLY_ROLES)) delete counts[role];
    expect(counts).not.toEqual(STACK_ROLES);
    expect([...settingsOf(serviceOfRole('portal')), 'EXTRA']).not.toEqual(
      expected([...processSettings, ...PORTAL_ONLY_SETTINGS]),
    );
  });
});
