import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnauthenticatedError } from '@contracts/errors';
import { SESSION_LIFETIME } from './limits';
import {
  createSession,
  lookupSession,
  refreshSession,
  terminateAllSessions,
  terminateSession,
} from './sessions';
import {
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  signedInSession,
} from '@tests/support/identity/identity-harness';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const IDLE = SESSION_LIFETIME.idleSeconds;

describe('customer sessions', () => {
  it('given a completed sign-in, when its session opens, then an opaque 32-byte id comes back once, and only hashes are stored', async () => {
    const customer = await registerCustomer(harness);

    const session = await signedInSession(harness, customer);

    expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(session.sessionId, 'base64url')).toHaveLength(32);
    expect(session.claimant).toMatchObject({ customerId: customer.userId, email: customer.email });
    const { rows } = await harness.database.pool.query(
      'select id_hash from identity_sessions where customer_id = $1',
      [customer.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id_hash).not.toContain(session.sessionId);
  });

  it('given a session, when looked up, then its claimant, and the lookup does not count as activity', async () => {
    const customer = await registerCustomer(harness);
    const session = await createSession(harness.ports, customer.userId);
    harness.clock.advance(IDLE - 1);

    const found = await lookupSession(harness.ports, session.sessionId);

    expect(found).toMatchObject({
      claimant: { customerId: customer.userId },
      lastActivityAt: session.createdAt,
    });
    harness.clock.advance(1);
    expect(await lookupSession(harness.ports, session.sessionId)).toBeUndefined();
  });

  it('given a session idle for 660 + 120 s, when looked up, then it is refused and gone', async () => {
    const customer = await registerCustomer(harness);
    const session = await createSession(harness.ports, customer.userId);
    harness.clock.advance(IDLE);

    expect(await lookupSession(harness.ports, session.sessionId)).toBeUndefined();
    expect(await refreshSession(harness.ports, session.sessionId)).toBeUndefined();
    const { rows } = await harness.database.pool.query(
      'select 1 from identity_sessions where customer_id = $1',
      [customer.userId],
    );
    expect(rows).toEqual([]);
  });

  it('given a session refreshed before its idle limit, when looked up later, then it is kept for another 780 s from the refresh', async () => {
    const customer = await registerCustomer(harness);
    const session = await createSession(harness.ports, customer.userId);
    harness.clock.advance(700);

    const refreshed = await refreshSession(harness.ports, session.sessionId);
    expect(refreshed?.idleExpiresAt).toEqual(new Date(harness.clock.now().getTime() + IDLE * 1000));
    harness.clock.advance(700);

    expect(await lookupSession(harness.ports, session.sessionId)).toMatchObject({
      claimant: { customerId: customer.userId },
    });
    harness.clock.advance(IDLE - 700);
    expect(await lookupSession(harness.ports, session.sessionId)).toBeUndefined();
  });

  it('given a session kept alive all day, when 12 hours have passed, then it ends however active it is', async () => {
    const customer = await registerCustomer(harness);
    const session = await createSession(harness.ports, customer.userId);
    for (let elapsed = 0; elapsed + 700 < SESSION_LIFETIME.absoluteSeconds; elapsed += 700) {
      harness.clock.advance(700);
      expect(await refreshSession(harness.ports, session.sessionId)).toBeDefined();
    }
    harness.clock.advance(700);

    expect(await refreshSession(harness.ports, session.sessionId)).toBeUndefined();
  });

  it('given two sessions, when one is terminated, then the other stays; when all are, then none', async () => {
    const customer = await registerCustomer(harness);
    const other = await registerCustomer(harness);
    const first = await createSession(harness.ports, customer.userId);
    const second = await createSession(harness.ports, customer.userId);
    const third = await createSession(harness.ports, customer.userId);
    const someoneElse = await createSession(harness.ports, other.userId);

    await terminateSession(harness.ports, first.sessionId);
    expect(await lookupSession(harness.ports, first.sessionId)).toBeUndefined();
    expect(await lookupSession(harness.ports, second.sessionId)).toBeDefined();

    expect(await terminateAllSessions(harness.ports, customer.userId)).toBe(2);
    expect(await lookupSession(harness.ports, second.sessionId)).toBeUndefined();
    expect(await lookupSession(harness.ports, third.sessionId)).toBeUndefined();
    expect(await lookupSession(harness.ports, someoneElse.sessionId)).toBeDefined();
  });

  it('given an account not yet verified, when a session is asked for it, then UnauthenticatedError and none is stored', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    await expect(createSession(harness.ports, customer.userId)).rejects.toThrow(
      new UnauthenticatedError('The account is not verified'),
    );
    const { rows } = await harness.database.pool.query(
      'select 1 from identity_sessions where customer_id = $1',
      [customer.userId],
    );
    expect(rows).toEqual([]);
  });

  it('given no cookie, a made-up one or an ended session, when refreshed, then no session', async () => {
    const customer = await registerCustomer(harness);
    const ended = await createSession(harness.ports, customer.userId);
    await terminateSession(harness.ports, ended.sessionId);
    expect(await refreshSession(harness.ports, undefined)).toBeUndefined();
    expect(await refreshSession(harness.ports, 'made-up')).toBeUndefined();
    expect(await refreshSession(harness.ports, ended.sessionId)).toBeUndefined();
  });

  it('given no cookie or a made-up one, when looked up, then no session', async () => {
    expect(await lookupSession(harness.ports, undefined)).toBeUndefined();
    expect(await lookupSession(harness.ports, 'made-up')).toBeUndefined();
  });
});
