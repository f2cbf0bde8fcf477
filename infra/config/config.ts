import { z } from 'zod';
import { invalidTrustProxyEntries } from '../http/trusted-proxies';

const PORT_MESSAGE = 'must be a port number from 1 to 65535';
const port = z.coerce
  .number(PORT_MESSAGE)
  .int(PORT_MESSAGE)
  .min(1, PORT_MESSAGE)
  .max(65_535, PORT_MESSAGE);
const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    })
    .optional();
const optionalSecret = z.string().min(1).optional();

const S3_CREDENTIALS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const SECRETS: ReadonlySet<string> = new Set([...S3_CREDENTIALS, 'METRICS_TOKEN']);

/** Every setting of the portal. Unset means the embedded default. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4321),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  EMBEDDED_POSTGRES_PORT: port.default(54329),
  EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover']),
  PROJECTOR: z.enum(['in-process', 'external']).default('in-process'),
  /**
   * The TTL of each elected role's lease (projector, Kafka relay; decision 112): renewed every
   * third of it; a frozen leader is replaced within about 4/3 of it.
   */
  LEASE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(5_000),
  TENANT_HOST_SUFFIX: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name suffix such as claims.example.com')
    .optional(),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  /**
   * Signed audit checkpoints (decision 130): a PEM (PKCS#8) Ed25519 private key kept outside
   * Postgres, and its id. Unset outside production: a development key under DATA_DIR/audit.
   */
  AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  AUDIT_SIGNING_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a key id such as k1 (letters, digits, . _ -)')
    .optional(),
  /** A folder of earlier public keys, `<keyId>.pem` each, kept to verify old checkpoints. */
  AUDIT_PUBLIC_KEYS_DIR: z.string().min(1).optional(),
  AUDIT_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  /** A checkpoint is also signed as soon as this many events were appended since the last one. */
  AUDIT_CHECKPOINT_EVERY_EVENTS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  IDENTITY_ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** host:port[,host:port…]: publish integration events to Kafka and mail claimants from them. */
  KAFKA_BROKERS: z
    .string()
    .regex(
      /^[A-Za-z0-9.[\]:-]+:\d{1,5}(,[A-Za-z0-9.[\]:-]+:\d{1,5})*$/,
      'must be host:port, or several separated by commas',
    )
    .optional(),
  KAFKA_CLIENT_ID: z.string().min(1).default('claims-portal'),
  KAFKA_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,249}$/, 'must be a Kafka topic name')
    .default('claims.claim-events'),
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  /** Unset: 3 and 2 on a cluster of 3 brokers or more, else 1 and 1 (with a warning). */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(16).optional(),
  KAFKA_MIN_INSYNC_REPLICAS: z.coerce.number().int().min(1).max(16).optional(),
  /** off: publish only (another service sends the claimants' mail). */
  KAFKA_NOTIFICATIONS: z.enum(['on', 'off']).default('on'),
  KAFKA_NOTIFICATIONS_GROUP: z.string().min(1).default('claims-portal-notifications'),
  /**
   * Bounds on every wait for Postgres (issue 44, decision 113): taking a connection, one
   * statement (server side), a transaction left idle, and one query seen from the client
   * (catches a frozen server, which enforces nothing). 0 turns a bound off.
   */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Unset: the statement bound plus 5 s, so the server's own error normally comes first. */
  PG_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /**
   * The longest a request waits for its answer to start (issue 44): past it, 503 with
   * Retry-After. Uploads get the inspection's own bound on top. 0 turns it off.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Document inspection (decision 049): worker threads, each file's heap and time, a request's time. */
  INSPECTION_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  INSPECTION_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(128),
  INSPECTION_RECYCLE_MB: z.coerce.number().int().min(32).max(4096).default(96),
  INSPECTION_FILE_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  INSPECTION_REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name such as claims-docs')
    .optional(),
  S3_ACCESS_KEY_ID: optionalSecret,
  S3_SECRET_ACCESS_KEY: optionalSecret,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies in front of the portal, comma-separated.
   * Only from them are X-Forwarded-For and X-Forwarded-Proto believed.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine((entries) => invalidTrustProxyEntries(entries).length === 0, {
      message:
        'must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.5,10.1.0.0/16',
    }),
  /** The address users reach the portal at; links in mail and OIDC redirects are built from it. */
  PUBLIC_URL: optionalUrl(['http', 'https']),
  /** smtp://user:pass@host:port or smtps://…; unset: mail goes to the outbox under DATA_DIR/mail. */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().email('must be an email address').default('claims@claims-portal.local'),
  /** Prometheus metrics on a port of their own (decision 072); unset: no metrics server. */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** OTLP/HTTP traces (decision 073), e.g. http://collector:4318; unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
  OTEL_SERVICE_NAME: z.string().min(1).default('claims-portal'),
  /** Staff sign-in: any OpenID Connect issuer; unset outside production: the development provider. */
  OIDC_ISSUER: optionalUrl(['http', 'https']),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: optionalSecret,
  /** Who counts as staff: a role in the ID token's roles/groups claims, or an email domain. */
  OIDC_STAFF_ROLE: z.string().min(1).default('claims-staff'),
  /** Who reads without writing (decision 062): a role in the same claims; it wins over the staff role. */
  OIDC_AUDITOR_ROLE: z.string().min(1).default('claims-auditor'),
  /**
   * The sign-in scope; default 'openid email profile'. Add offline_access where the provider
   * issues refresh tokens only for it (Entra ID, Okta): sessions re-validate with them (decision 118).
   */
  OIDC_SCOPE: z.string().min(1).optional(),
  OIDC_STAFF_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be a domain such as claims.example.com')
    .optional(),
});

/**
 * Settings that only make sense together: S3_BUCKET needs both S3 keys; a topic cannot ask
 * more in-sync replicas than it has replicas.
 */
const consistentConfigSchema = configSchema.superRefine(
  (config, context) => {
    const isr = config.KAFKA_MIN_INSYNC_REPLICAS;
    if (isr !== undefined && isr > (config.KAFKA_REPLICATION_FACTOR ?? isr)) {
      context.addIssue({
        code: 'custom',
        path: ['KAFKA_MIN_INSYNC_REPLICAS'],
        message: 'must not exceed KAFKA_REPLICATION_FACTOR',
      });
    }
    checkMetricsSettings(config, context);
    if (
      (config.AUDIT_SIGNING_KEY_FILE === undefined) !==
      (config.AUDIT_SIGNING_KEY_ID === undefined)
    ) {
      const missing =
        config.AUDIT_SIGNING_KEY_ID === undefined
          ? 'AUDIT_SIGNING_KEY_ID'
          : 'AUDIT_SIGNING_KEY_FILE';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'AUDIT_SIGNING_KEY_FILE and AUDIT_SIGNING_KEY_ID are set together',
      });
    }
    if (config.S3_BUCKET === undefined) return;
    for (const name of S3_CREDENTIALS) {
      if (config[name] !== undefined) continue;
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when S3_BUCKET is set',
      });
    }
  },
  // Checked even when another variable is bad, so one start-up names every problem.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/;

/** The metrics port is not the site's, and beyond loopback it asks for a token (decision 072). */
function checkMetricsSettings(
  config: z.infer<typeof configSchema>,
  context: z.RefinementCtx,
): void {
  if (config.METRICS_PORT === undefined) return;
  if (config.METRICS_PORT === config.PORT) {
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
  }
  if (!LOOPBACK.test(config.METRICS_HOST) && config.METRICS_TOKEN === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: 'is required when METRICS_HOST is not a loopback address',
    });
  }
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = consistentConfigSchema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // A refused secret is named, never shown: the message goes to the terminal and logs.
      const shown = SECRETS.has(name) && env[name] ? '[redacted]' : JSON.stringify(env[name] ?? '');
      return `${name}=${shown}: ${issue.message}`;
    }),
  );
}

const CONFIG_KEY = Symbol.for('claims-portal.config');

/** The settings, parsed once per process: the launcher and the bundled site see the same values. */
export function getConfig(): Config {
  const holder = globalThis as { [CONFIG_KEY]?: Config };
  holder[CONFIG_KEY] ??= parseConfig();
  return holder[CONFIG_KEY];
}
