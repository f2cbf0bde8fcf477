import { tokenHash } from './opaque-token';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@infra/postgres/migrate';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { savePendingSignIn, takePendingSignIn } from './pending-sign-ins';
import {
  createStaffSession,
  endStaffSession,
  findStaffSession,
  sessionStatus,
  staffSessionMigrations,
} from './staff-sessions';

const agent = {
  staffId: 'dev-agent-claire',
  email: 'claire.tremblay@claims-portal.local',
  role: 'agent',
} as const;
const { role: _agentRole, ...agentMember } = agent;
const start = new Date('2025-03-01T09:00:00.000Z');
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('staff sessions', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.pool, staffSessionMigrations);
  });
  afterAll(() => database.drop());

  it('finds a new session by its id, for 4 hours', async () => {
    const { id, session } = await createStaffSession(database.pool, agent, start);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt.toISOString()).toBe('2025-03-01T13:00:00.000Z');

    const found = await findStaffSession(database.pool, id, minutesLater(239));
    expect(found?.staff).toEqual(agentMember);
    expect(found?.role).toBe('agent');
    expect(found?.lastValidatedAt).toEqual(minutesLater(239));
    expect(await findStaffSession(database.pool, id, minutesLater(240))).toBeUndefined();
  });

  it('marks a lookup as validation at most once a minute', async () => {
    const { id } = await createStaffSession(database.pool, agent, start);
    const secondsLater = (s: number) => new Date(start.getTime() + s * 1000);
    expect((await findStaffSession(database.pool, id, secondsLater(30)))?.lastValidatedAt).toEqual(
      start,
    );
    expect((await findStaffSession(database.pool, id, secondsLater(60)))?.lastValidatedAt).toEqual(
      secondsLater(60),
    );
    expect((await findStaffSession(database.pool, id, secondsLater(90)))?.lastValidatedAt).toEqual(
      secondsLater(60),
    );
    const { rows } = await database.pool.query(
      'select last_validated_at from staff_sessions where id_hash = $1',
      [tokenHash(id)],
    );
    expect(rows[0].last_validated_at).toEqual(secondsLater(60));
  });

  it("keeps an auditor's role with the session, and refuses a role it does not know", async () => {
    const auditor = { staffId: 'dev-auditor-ines', email: 'ines@claims-portal.local' };
    const { id } = await createStaffSession(database.pool, { ...auditor, role: 'auditor' }, start);
    const found = await findStaffSession(database.pool, id, minutesLater(1));
    expect(found).toMatchObject({ staff: auditor, role: 'auditor' });
    const unknown = { ...auditor, role: 'owner' as 'agent' };
    await expect(createStaffSession(database.pool, unknown, start)).rejects.toThrow(/check/);
  });

  it('does not know an id it never issued', async () => {
    await createStaffSession(database.pool, agent, start);
    expect(await findStaffSession(database.pool, 'not-a-session', start)).toBeUndefined();
  });

  it('raises almost-expired in the last 10 minutes and is invalid at 4 hours', async () => {
    const { session } = await createStaffSession(database.pool, agent, start);
    expect(sessionStatus(session, minutesLater(229))).toEqual({
      valid: true,
      almostExpired: false,
      expiresAt: '2025-03-01T13:00:00.000Z',
    });
    expect(sessionStatus(session, minutesLater(230))).toMatchObject({
      valid: true,
      almostExpired: true,
    });
    expect(sessionStatus(session, minutesLater(240))).toMatchObject({
      valid: false,
      almostExpired: false,
    });
  });

  it('ends a session', async () => {
    const { id } = await createStaffSession(database.pool, agent, start);
    await endStaffSession(database.pool, id);
    expect(await findStaffSession(database.pool, id, minutesLater(1))).toBeUndefined();
  });

  it('stores only the SHA-256 of the id', async () => {
    const { id } = await createStaffSession(database.pool, agent, start);
    const { rows } = await database.pool.query<Record<string, unknown>>(
      'select * from staff_sessions',
    );
    const stored = rows.flatMap((row) => Object.values(row).map(String));
    expect(stored.some((value) => value.includes(id))).toBe(false);
    const hash = createHash('sha256').update(id).digest();
    expect(rows.filter((row) => hash.equals(row.id_hash as Buffer))).toHaveLength(1);
  });
});

describe('pending sign-ins', () => {
  let database: TestDatabase;
  const pending = { state: 's-1', nonce: 'n-1', codeVerifier: 'v'.repeat(43) };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.pool, staffSessionMigrations);
  });
  afterAll(() => database.drop());

  it('gives a pending sign-in back once', async () => {
    const id = await savePendingSignIn(database.pool, pending, start);
    expect(await takePendingSignIn(database.pool, id, minutesLater(9))).toEqual(pending);
    expect(await takePendingSignIn(database.pool, id, minutesLater(9))).toBeUndefined();
  });

  it('forgets a pending sign-in after 10 minutes, and one it never saw', async () => {
    const id = await savePendingSignIn(database.pool, pending, start);
    expect(await takePendingSignIn(database.pool, id, minutesLater(10))).toBeUndefined();
    expect(await takePendingSignIn(database.pool, 'unknown', start)).toBeUndefined();
  });
});
