import pino, { type Logger } from 'pino';
import { getConfig } from '../config/config';
import { redactor } from './redact';

/** Never logged, whatever the caller passes: a field of any of these names is replaced. */
export const REDACTED_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'reenterPassword',
  'otp',
  'code',
  'verification_code',
  'recoveryCode',
  'token',
  'csrfToken',
  // OpenID Provider tokens and the credential a staff session keeps (decision 118).
  'refresh_token',
  'access_token',
  'id_token',
  'credential',
  'sessionId',
  'cookie',
  'authorization',
  'secret',
  'DATABASE_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
];

const redact = redactor(REDACTED_FIELDS);

function createLogger(): Logger {
  const config = getConfig();
  const pretty =
    (config.LOG_FORMAT ??
      (config.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'claims-portal' },
    formatters: { log: redact },
    transport: pretty
      ? {
          target: 'pino-pretty',
          options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,service' },
        }
      : undefined,
  });
}

const LOGGER_KEY = Symbol.for('claims-portal.logger');

/** One logger per process, shared by the launcher and the bundled site. */
export function getLogger(): Logger {
  const holder = globalThis as { [LOGGER_KEY]?: Logger };
  holder[LOGGER_KEY] ??= createLogger();
  return holder[LOGGER_KEY];
}
