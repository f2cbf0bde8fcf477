import type { IdentityStore } from '@contracts/identity/identity-store';
import type { LockedOut } from '@contracts/identity/outcomes';
import { LOCKOUT } from './limits';
import { fixedWindow } from './rate-limits';
import { emailKey } from './secrets';

/**
 * Sign-in lockout, keyed by the email typed whether an account has it or not: an unknown
 * email locks after as many failures as a real one, so the answer tells nothing.
 */

export type FailureKind = 'password' | 'code';

const lockSubject = (email: string) => `sign-in:${emailKey(email)}`;
const failureKey = (email: string, kind: FailureKind) => `failed-${kind}:${emailKey(email)}`;
const MAX_FAILURES = { password: LOCKOUT.maxPasswordFailures, code: LOCKOUT.maxCodeFailures };

export const lockedOut = (until: Date): LockedOut => ({
  status: 'PASSWORD_LOCKED_OUT',
  lockedUntil: until.toISOString(),
});

export const lockedUntil = (store: IdentityStore, email: string, now: Date) =>
  store.lockedUntil(lockSubject(email), now);

/** Counts a failure; returns the end of the lock when this failure started one. */
export async function recordFailure(
  store: IdentityStore,
  email: string,
  kind: FailureKind,
  now: Date,
): Promise<Date | undefined> {
  const count = await store.countHit(
    failureKey(email, kind),
    fixedWindow(now, LOCKOUT.windowSeconds),
  );
  if (count < MAX_FAILURES[kind]) return undefined;
  const until = new Date(now.getTime() + LOCKOUT.lockSeconds * 1000);
  await store.lock(lockSubject(email), until);
  await store.clearCounter(failureKey(email, kind));
  return until;
}

/** A completed sign-in or a reset forgives earlier failures; a reset also ends the lock. */
export async function forgiveFailures(
  store: IdentityStore,
  email: string,
  { unlock }: { readonly unlock: boolean },
): Promise<void> {
  await store.clearCounter(failureKey(email, 'password'));
  await store.clearCounter(failureKey(email, 'code'));
  if (unlock) await store.unlock(lockSubject(email));
}
