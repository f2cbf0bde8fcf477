import type { Claimant } from '@contracts/claims/events';
import { UnauthenticatedError } from '@contracts/errors';
import type { SessionRecord } from '@contracts/identity/identity-store';
import { claimantOf } from '@contracts/identity/profile';
import { accountById, toProfile } from './account-profile';
import { flowIdHash } from './flows';
import { SESSION_LIFETIME } from './limits';
import type { IdentityPorts } from './ports';
import { randomToken, tokenHash } from './secrets';

/**
 * Customer sessions: an opaque 32-byte id the browser keeps in a cookie (returned once;
 * the store keeps its hash), an idle limit and an absolute one. CSRF is not a session's:
 * the double-submit cookie of site/src/routing/csrf.ts guards every write.
 */

export interface CustomerSession {
  readonly claimant: Claimant;
  readonly createdAt: Date;
  readonly lastActivityAt: Date;
  /** Refused from this instant on unless refreshed before. */
  readonly idleExpiresAt: Date;
  readonly expiresAt: Date;
}

export interface NewCustomerSession extends CustomerSession {
  /** For the cookie. Not stored, not retrievable again. */
  readonly sessionId: string;
}

const sessionHash = (sessionId: string) => tokenHash('session', sessionId);
const seconds = (at: Date, count: number) => new Date(at.getTime() + count * 1000);

function idleEnd(now: Date, expiresAt: Date): Date {
  const idle = seconds(now, SESSION_LIFETIME.idleSeconds);
  return idle < expiresAt ? idle : expiresAt;
}

/** Opens a session for a verified account (after a COMPLETED sign-in). */
export async function createSession(
  ports: IdentityPorts,
  customerId: string,
): Promise<NewCustomerSession> {
  const now = ports.clock.now();
  const account = await accountById(ports.store, customerId);
  if (!account.verifiedAt) throw new UnauthenticatedError('The account is not verified');
  const sessionId = randomToken();
  const expiresAt = seconds(now, SESSION_LIFETIME.absoluteSeconds);
  const record: SessionRecord = {
    idHash: sessionHash(sessionId),
    customerId: account.id,
    createdAt: now,
    lastActivityAt: now,
    idleExpiresAt: idleEnd(now, expiresAt),
    expiresAt,
  };
  await ports.store.createSession(record);
  return { sessionId, ...view(record, claimantOf(toProfile(account))) };
}

/**
 * session/initiate: spends the COMPLETED sign-in flow (once) and opens its session. Nothing
 * else opens one, so a user id alone never becomes a session.
 */
export async function initiateSession(
  ports: IdentityPorts,
  flowId: string,
): Promise<NewCustomerSession> {
  const flow = await ports.store.takeFlow(flowIdHash(flowId), 'COMPLETED', ports.clock.now());
  if (flow?.kind !== 'sign-in' || !flow.accountId) {
    throw new UnauthenticatedError('No completed sign-in for this flow');
  }
  return createSession(ports, flow.accountId);
}

/** The live session behind a cookie, or undefined (unknown, idle too long, or past its end). Does not count as activity. */
export async function lookupSession(
  ports: IdentityPorts,
  sessionId: string | undefined,
): Promise<CustomerSession | undefined> {
  if (!sessionId) return undefined;
  const now = ports.clock.now();
  const found = await ports.store.findSessionWithAccount(sessionHash(sessionId));
  if (!found) return undefined;
  const { session: record, account } = found;
  if (record.idleExpiresAt <= now || record.expiresAt <= now) {
    await ports.store.deleteSession(record.idHash);
    return undefined;
  }
  return account && view(record, claimantOf(toProfile(account)));
}

/** session/refresh (the timeout modal's Extend): activity now, so the idle limit restarts. */
export async function refreshSession(
  ports: IdentityPorts,
  sessionId: string | undefined,
): Promise<CustomerSession | undefined> {
  const session = await lookupSession(ports, sessionId);
  if (!session || !sessionId) return undefined;
  const now = ports.clock.now();
  const activity = { lastActivityAt: now, idleExpiresAt: idleEnd(now, session.expiresAt) };
  if (!(await ports.store.touchSession(sessionHash(sessionId), activity))) return undefined;
  return { ...session, ...activity };
}

/** session/terminate (sign-out). */
export async function terminateSession(ports: IdentityPorts, sessionId: string): Promise<void> {
  await ports.store.deleteSession(sessionHash(sessionId));
}

/** Ends every session of a customer; returns how many there were. */
export const terminateAllSessions = (ports: IdentityPorts, customerId: string) =>
  ports.store.deleteSessionsOf(customerId);

function view(record: SessionRecord, claimant: Claimant): CustomerSession {
  return {
    claimant,
    createdAt: record.createdAt,
    lastActivityAt: record.lastActivityAt,
    idleExpiresAt: record.idleExpiresAt,
    expiresAt: record.expiresAt,
  };
}
