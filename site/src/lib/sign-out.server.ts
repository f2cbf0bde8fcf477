import { getLogger } from '@infra/logging/logger';

/** Sign-out paths: they need no principal, and must work while Postgres does not. */
export const SIGN_OUT_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/session/terminate',
  '/api/auth/logout',
]);

const END_SESSION_BOUND_MS = 2_000;

/**
 * Ends the session on the server if Postgres answers within a bound; the caller clears the
 * cookie whatever happens (issue 44): a user who signs out while Postgres is down or frozen
 * still leaves signed out in this browser, and the stored session expires on its idle timeout.
 */
export async function endSessionWithinBound(what: string, end: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), END_SESSION_BOUND_MS);
  });
  try {
    await Promise.race([end(), bound]);
  } catch (error) {
    getLogger().warn(
      { reason: (error as Error).message },
      `${what}: the session could not be ended in Postgres; the cookie is cleared anyway`,
    );
  } finally {
    clearTimeout(timer);
  }
}
