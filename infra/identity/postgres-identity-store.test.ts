import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityStore, NewAccountRecord } from '@contracts/identity/identity-store';
import { migrate } from '@infra/postgres/migrate';
import { newAccountRecord } from '@tests/support/identity/account-record';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { identityMigrations } from './identity-migrations';
import { createPostgresIdentityStore } from './postgres-identity-store';

let database: TestDatabase;
let store: IdentityStore;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.pool, identityMigrations);
  store = createPostgresIdentityStore(database.pool);
});
afterAll(() => database.drop());

const NOW = new Date('2026-03-02T15:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const account = (overrides: Partial<NewAccountRecord> = {}) => newAccountRecord(NOW, overrides);

async function savedCode(subject = randomUUID()) {
  await store.saveCode({
    purpose: 'sign-in',
    subject,
    codeHash: 'right',
    sentAt: NOW,
    expiresAt: later(600),
  });
  return subject;
}

const attempt = (subject: string, codeHash: string, now = NOW) =>
  store.tryCode({ purpose: 'sign-in', subject, codeHash, now, maxAttempts: 5 });

describe('accounts', () => {
  it('given two registrations of one email at once, when both insert, then one account is created and the other changes nothing', async () => {
    const email = `${randomUUID()}@example.test`;
    const results = await Promise.all([
      store.createAccount(account({ email, firstName: 'First' })),
      store.createAccount(account({ email, firstName: 'Second' })),
    ]);
    expect(results.sort()).toEqual(['created', 'exists']);
    const { rows } = await database.pool.query(
      'select count(*)::int as n from identity_accounts where email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
  });

  it('given an account, when read back, then its date of birth is the calendar date stored', async () => {
    const created = account({ dateOfBirth: '1999-12-31' });
    await store.createAccount(created);
    expect(await store.findAccountById(created.id)).toMatchObject({
      dateOfBirth: '1999-12-31',
      verifiedAt: null,
      province: 'QC',
    });
  });

  it('given sessions of an account, when its password is replaced, then they all end with it', async () => {
    const owner = account();
    await store.createAccount(owner);
    for (const idHash of [randomUUID(), randomUUID()]) {
      await store.createSession({
        idHash,
        customerId: owner.id,
        createdAt: NOW,
        lastActivityAt: NOW,
        idleExpiresAt: later(780),
        expiresAt: later(43_200),
      });
    }
    expect(await store.replacePassword(owner.id, '$argon2id$new', later(1))).toEqual({
      endedSessions: 2,
    });
    expect((await store.findAccountById(owner.id))?.passwordHash).toBe('$argon2id$new');
  });
});

describe('sessions', () => {
  it('given a session, when looked up, then it comes with its account in one read', async () => {
    const owner = account();
    await store.createAccount(owner);
    const session = {
      idHash: randomUUID(),
      customerId: owner.id,
      createdAt: NOW,
      lastActivityAt: later(5),
      idleExpiresAt: later(780),
      expiresAt: later(43_200),
    };
    await store.createSession(session);
    const found = await store.findSessionWithAccount(session.idHash);
    expect(found?.session).toEqual(session);
    expect(found?.account).toMatchObject({
      id: owner.id,
      email: owner.email,
      dateOfBirth: '1980-04-02',
      createdAt: NOW,
    });
    expect(await store.findSessionWithAccount(randomUUID())).toBeUndefined();
  });
});

describe('one-time codes', () => {
  it('given the right code sent ten times at once, when tried, then one try is accepted and nine told it was used', async () => {
    const subject = await savedCode();
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt(subject, 'right')));
    expect(results.filter((r) => r === 'accepted')).toHaveLength(1);
    expect(results.filter((r) => r === 'used')).toHaveLength(9);
    expect(await store.findCode('sign-in', subject)).toMatchObject({ attempts: 1 });
  });

  it('given a code used up, when another code is tried, then it is unavailable (not "used")', async () => {
    const subject = await savedCode();
    expect(await attempt(subject, 'right')).toBe('accepted');
    expect(await attempt(subject, 'guess')).toBe('unavailable');
  });

  it('given twenty wrong tries at once, when tried, then only five are counted and the code is spent', async () => {
    const subject = await savedCode();
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(subject, 'wrong')));
    expect(results.filter((r) => r === 'wrong')).toHaveLength(5);
    expect(await attempt(subject, 'right')).toBe('unavailable');
  });

  it('given an expired code, when tried, then it is expired and nothing is spent', async () => {
    const subject = await savedCode();
    expect(await attempt(subject, 'right', later(600))).toBe('expired');
    expect(await store.findCode('sign-in', subject)).toMatchObject({ attempts: 0, usedAt: null });
  });

  it('given a new code for the same owner, when the old one is tried, then it no longer works', async () => {
    const subject = await savedCode();
    await attempt(subject, 'wrong');
    await store.saveCode({
      purpose: 'sign-in',
      subject,
      codeHash: 'newer',
      sentAt: later(60),
      expiresAt: later(660),
    });
    expect(await attempt(subject, 'right', later(61))).toBe('wrong');
    expect(await store.findCode('sign-in', subject)).toMatchObject({ attempts: 1, usedAt: null });
    expect(await attempt(subject, 'newer', later(62))).toBe('accepted');
  });
});

describe('counters and locks', () => {
  it('given fifty hits at once in one window, when counted, then every count from 1 to 50 comes back once', async () => {
    const key = `test:${randomUUID()}`;
    const window = { start: NOW, end: later(900) };
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.countHit(key, window)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.countHit(key, { start: later(900), end: later(1800) })).toBe(1);
  });

  it('given a lock, when a shorter one is set, then the longer one stays until it ends', async () => {
    const subject = randomUUID();
    await store.lock(subject, later(900));
    await store.lock(subject, later(60));
    expect(await store.lockedUntil(subject, later(100))).toEqual(later(900));
    expect(await store.lockedUntil(subject, later(900))).toBeUndefined();
  });

  it('given expired rows, when pruned, then they are gone and live ones stay', async () => {
    const expired = await savedCode();
    const live = randomUUID();
    await store.saveCode({
      purpose: 'sign-in',
      subject: live,
      codeHash: 'x',
      sentAt: later(600),
      expiresAt: later(1200),
    });
    await store.pruneExpired(later(601));
    expect(await store.findCode('sign-in', expired)).toBeUndefined();
    expect(await store.findCode('sign-in', live)).toBeDefined();
  });
});
