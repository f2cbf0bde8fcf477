import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityStore, SessionRecord } from '@contracts/identity/identity-store';
import { newAccountRecord } from '@tests/support/identity/account-record';
import {
  createTestDatabase,
  poolForTestDatabase,
  type TestDatabase,
} from '@tests/support/test-database';
import {
  createStaffSession,
  endStaffSession,
  findStaffSession,
  type StaffSession,
} from '../oidc/staff-sessions';
import { createPostgresIdentityStore, type SessionWithAccount } from './postgres-identity-store';
import {
  createSessionCaches,
  IDENTITY_CHANGES_CHANNEL,
  NoticedCache,
  type SessionCaches,
} from './session-caches';
import { listSessions, revokeSessions } from './session-revocation';

let database: TestDatabase;
/** Two portal processes on one database: each its own pool, caches and listener. */
let here: { pool: pg.Pool; caches: SessionCaches<SessionWithAccount, StaffSession> };
let elsewhere: typeof here;
let cached: IdentityStore;
let other: IdentityStore;

const NOW = new Date(Date.now());
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

async function process() {
  const pool = poolForTestDatabase(database.url, 4);
  const caches = createSessionCaches<SessionWithAccount, StaffSession>(pool);
  return { pool, caches };
}

beforeAll(async () => {
  database = await createTestDatabase();
  here = await process();
  elsewhere = await process();
  cached = createPostgresIdentityStore(here.pool, here.caches.customer);
  other = createPostgresIdentityStore(elsewhere.pool, elsewhere.caches.customer);
});
afterAll(async () => {
  for (const { caches, pool } of [here, elsewhere]) {
    await caches.close();
    await pool.end();
  }
  await database.drop();
});

/** Until the listener of `caches` is connected and listening (the first lookups connect it). */
async function listening(caches: SessionCaches, pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    caches.customer.get('warm-up', async () => undefined);
    const { rows } = await pool.query(
      `select 1 from pg_stat_activity where query = 'listen ${IDENTITY_CHANGES_CHANNEL}'
         and pid <> pg_backend_pid()`,
    );
    if (rows.length > 0 && (await cachesServe(caches))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the change listener never connected');
}

/** Whether a value stored now is served back without loading. */
async function cachesServe(caches: SessionCaches): Promise<boolean> {
  const key = randomUUID();
  await caches.customer.get(key, async () => ({ session: { customerId: 'probe' } }) as never);
  let loaded = false;
  await caches.customer.get(key, async () => {
    loaded = true;
    return undefined;
  });
  return !loaded;
}

async function createdAccount() {
  const account = newAccountRecord(NOW);
  await cached.createAccount(account);
  return account;
}

async function customerWithSession(): Promise<SessionRecord> {
  const { id } = await createdAccount();
  const session: SessionRecord = {
    idHash: randomUUID(),
    customerId: id,
    createdAt: NOW,
    lastActivityAt: NOW,
    idleExpiresAt: later(900),
    expiresAt: later(3600),
  };
  await cached.createSession(session);
  return session;
}

/** Reads the session here until `done` holds of it, for at most a second. */
async function lookUpUntil(
  idHash: string,
  done: (found: SessionWithAccount | undefined) => boolean,
): Promise<SessionWithAccount | undefined> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const found = await cached.findSessionWithAccount(idHash);
    if (done(found) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Counts the reads of identity_sessions this pool sends while `run` runs. */
async function sessionReadsDuring(run: () => Promise<unknown>): Promise<number> {
  const query = here.pool.query.bind(here.pool) as (...args: unknown[]) => Promise<unknown>;
  let reads = 0;
  here.pool.query = ((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    if (/from identity_sessions/.test(text)) reads += 1;
    return query(...args);
  }) as typeof here.pool.query;
  try {
    await run();
  } finally {
    here.pool.query = query as typeof here.pool.query;
  }
  return reads;
}

describe('customer sessions, cached while change notices are heard', () => {
  beforeAll(() => listening(here.caches, here.pool));

  it('given a session read once, when it is read again, then no query reaches Postgres', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    const reads = await sessionReadsDuring(async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await cached.findSessionWithAccount(session.idHash))?.session.idHash).toBe(
          session.idHash,
        );
    });
    expect(reads).toBe(0);
  });

  it('given a cached session, when this process signs it out, then the next read already misses it', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await cached.deleteSession(session.idHash);
    expect(await cached.findSessionWithAccount(session.idHash)).toBeUndefined();
  });

  it('given a cached session, when another process signs it out, then this process stops serving it within a second', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await other.deleteSession(session.idHash);
    expect(await lookUpUntil(session.idHash, (found) => found === undefined)).toBeUndefined();
  });

  it('given a cached session, when plain SQL ends every session of the account, then it is dropped', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await database.pool.query('delete from identity_sessions where customer_id = $1', [
      session.customerId,
    ]);
    expect(await lookUpUntil(session.idHash, (found) => found === undefined)).toBeUndefined();
  });

  it('given a cached session, when the account changes elsewhere, then the new profile is read', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await database.pool.query(`update identity_accounts set city = 'Québec' where id = $1`, [
      session.customerId,
    ]);
    const found = await lookUpUntil(session.idHash, (s) => s?.account?.city === 'Québec');
    expect(found?.account?.city).toBe('Québec');
  });

  it('given a cached session, when its password is replaced here, then the session is gone at once', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await cached.replacePassword(session.customerId, '$argon2id$other', NOW);
    expect(await cached.findSessionWithAccount(session.idHash)).toBeUndefined();
  });

  it('given the listener is cut off, when a session is deleted unheard, then it is not served from memory', async () => {
    const session = await customerWithSession();
    await cached.findSessionWithAccount(session.idHash);
    await database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where query = 'listen ${IDENTITY_CHANGES_CHANNEL}'`,
    );
    // Until the loss is noticed nothing is known; after it, nothing is served from memory.
    const deadline = Date.now() + 2_000;
    while ((await cachesServe(here.caches)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await database.pool.query(
      `alter table identity_sessions disable trigger identity_sessions_changed;
       delete from identity_sessions where id_hash = '${session.idHash}';
       alter table identity_sessions enable trigger identity_sessions_changed;`,
    );
    expect(await cached.findSessionWithAccount(session.idHash)).toBeUndefined();
    await listening(here.caches, here.pool);
  });
});

describe('staff sessions, cached while change notices are heard', () => {
  const staff = { staffId: 'agent-7', email: 'agent7@example.test', role: 'agent' } as const;

  it('given a cached staff session, when another process ends it, then this process refuses it within a second', async () => {
    await listening(here.caches, here.pool);
    const { id } = await createStaffSession(here.pool, staff);
    expect(await findStaffSession(here.pool, id, new Date(), here.caches.staff)).toBeDefined();
    await endStaffSession(elsewhere.pool, id, elsewhere.caches.staff);
    const deadline = Date.now() + 1_000;
    let found = await findStaffSession(here.pool, id, new Date(), here.caches.staff);
    while (found && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      found = await findStaffSession(here.pool, id, new Date(), here.caches.staff);
    }
    expect(found).toBeUndefined();
  });

  it('given a cached staff session, when it is past its end, then it is not served', async () => {
    const { id, session } = await createStaffSession(here.pool, staff);
    expect(await findStaffSession(here.pool, id, new Date(), here.caches.staff)).toBeDefined();
    const afterEnd = new Date(session.expiresAt.getTime() + 1);
    expect(await findStaffSession(here.pool, id, afterEnd, here.caches.staff)).toBeUndefined();
  });

  it('given a cached staff session, when its validation mark is a minute old, then the lookup marks it again', async () => {
    const signedIn = new Date(Date.now());
    const { id } = await createStaffSession(here.pool, staff, signedIn);
    await findStaffSession(here.pool, id, signedIn, here.caches.staff);
    const aMinuteOn = new Date(signedIn.getTime() + 61_000);
    const found = await findStaffSession(here.pool, id, aMinuteOn, here.caches.staff);
    expect(found?.lastValidatedAt).toEqual(aMinuteOn);
  });
});

describe('a noticed cache', () => {
  it('given a read in flight, when an eviction comes before it ends, then what it read is not kept', async () => {
    const cache = new NoticedCache<string>(() => true);
    let finish: (value: string) => void = () => {};
    const inFlight = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.evict('k');
    finish('read before the change');
    await inFlight;
    expect(await cache.get('k', async () => 'read again')).toBe('read again');
  });

  it('given no live listener, when a value is read twice, then both reads load it', async () => {
    const cache = new NoticedCache<string>(() => false);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await cache.get('k', load);
    expect(await cache.get('k', load)).toBe('load 2');
  });
});

describe('npm run sessions -- revoke (issue 46)', () => {
  it("ends a customer's sessions and a staff member's, read from the cache of another process until then", async () => {
    await listening(here.caches, here.pool);
    const session = await customerWithSession();
    const account = await cached.findAccountById(session.customerId);
    const staff = { staffId: 'agent-9', email: 'agent9@example.test', role: 'agent' } as const;
    const { id: staffId } = await createStaffSession(here.pool, staff);
    expect(await cached.findSessionWithAccount(session.idHash)).toBeDefined();
    expect(await findStaffSession(here.pool, staffId, new Date(), here.caches.staff)).toBeDefined();

    // The CLI's work, from a third connection: any spelling of the customer's address.
    const email = (account?.email ?? '').toUpperCase();
    expect(await listSessions(database.pool, email, 'customer')).toHaveLength(1);
    expect(await listSessions(database.pool, 'AGENT9@example.test', 'staff')).toEqual([
      expect.objectContaining({ role: 'agent' }),
    ]);
    expect(await revokeSessions(database.pool, email, 'customer')).toBe(1);
    expect(await revokeSessions(database.pool, ' agent9@example.test ', 'staff')).toBe(1);

    expect(await lookUpUntil(session.idHash, (found) => found === undefined)).toBeUndefined();
    const deadline = Date.now() + 1_000;
    let found = await findStaffSession(here.pool, staffId, new Date(), here.caches.staff);
    while (found && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      found = await findStaffSession(here.pool, staffId, new Date(), here.caches.staff);
    }
    expect(found).toBeUndefined();
    expect(await listSessions(database.pool, email, 'customer')).toEqual([]);
  });
});
