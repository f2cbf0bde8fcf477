/**
 * The scaled topology's process roles and settings, shared by `npm run stack:local` and
 * checked against docker-compose.yml (tests/stack/compose-parity.test.ts), so the two
 * descriptions of one deployment cannot drift apart (issue 29).
 */

/** How many processes of each role the scaled topology runs. */
export const STACK_ROLES = {
  'load-balancer': 1,
  portal: 3,
  projector: 2,
  kafka: 3,
  postgres: 1,
  s3: 1,
  smtp: 1,
  oidc: 1,
} as const;

/** The topic's replication on three brokers (decision 056). */
export const STACK_KAFKA = {
  KAFKA_TOPIC: 'claims.claim-events',
  KAFKA_TOPIC_PARTITIONS: '6',
  KAFKA_REPLICATION_FACTOR: '3',
  KAFKA_MIN_INSYNC_REPLICAS: '2',
} as const;

export interface StackEndpoints {
  readonly databaseUrl: string;
  readonly kafkaBrokers: string;
  readonly s3: {
    readonly endpoint: string;
    readonly bucket: string;
    readonly region: string;
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
  };
  readonly smtpUrl: string;
  readonly oidc: {
    readonly issuer: string;
    readonly clientId: string;
    readonly clientSecret: string;
  };
  readonly publicUrl: string;
  /** The load balancer's address, the only one whose forwarded headers are believed. */
  readonly proxy: string;
}

/** The settings every portal and projector process of the topology gets. */
export function stackProcessEnv(endpoints: StackEndpoints): Record<string, string> {
  return {
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    DATABASE_URL: endpoints.databaseUrl,
    PROJECTOR: 'external',
    // A killed leader's lease runs out within TTL + TTL/3 (decision 112): 4 s, inside the
    // soak's 5 s catch-up check after it kills the leading projector.
    LEASE_TTL_MS: '3000',
    KAFKA_BROKERS: endpoints.kafkaBrokers,
    ...STACK_KAFKA,
    S3_ENDPOINT: endpoints.s3.endpoint,
    S3_BUCKET: endpoints.s3.bucket,
    S3_REGION: endpoints.s3.region,
    S3_ACCESS_KEY_ID: endpoints.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: endpoints.s3.secretAccessKey,
    SMTP_URL: endpoints.smtpUrl,
    OIDC_ISSUER: endpoints.oidc.issuer,
    OIDC_CLIENT_ID: endpoints.oidc.clientId,
    OIDC_CLIENT_SECRET: endpoints.oidc.clientSecret,
    PUBLIC_URL: endpoints.publicUrl,
    TRUST_PROXY: endpoints.proxy,
  };
}

/** What a portal process adds to them: where it listens and keeps its files. */
export const PORTAL_ONLY_SETTINGS = [
  'HOST',
  'PORT',
  'DATA_DIR',
  'DEMO_DATA',
  // One audit signing key for every portal, outside Postgres (decision 130).
  'AUDIT_SIGNING_KEY_FILE',
  'AUDIT_SIGNING_KEY_ID',
] as const;
