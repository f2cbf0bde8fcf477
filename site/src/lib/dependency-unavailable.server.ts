/** Node's socket errors: the peer is not there, went away, or did not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** Postgres: connection exceptions (class 08) and the server shutting down or starting. */
const POSTGRES_UNAVAILABLE = /^(08...|57P01|57P02|57P03)$/;

/** What node-pg says when the server vanished or the pool could not reach it in time. */
const PG_CLIENT_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when the error (or one it wraps) says a service the portal needs (Postgres, the
 * document store) could not be reached: the request is answered 503 with Retry-After,
 * not logged as a bug. Anything else stays a 500.
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)))
    return true;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDependencyUnavailable(e, depth + 1)))
    return true;
  return isDependencyUnavailable(cause, depth + 1);
}
