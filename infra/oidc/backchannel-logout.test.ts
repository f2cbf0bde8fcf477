import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@infra/postgres/migrate';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import {
  BACKCHANNEL_LOGOUT_EVENT,
  endSessionsOfSubject,
  InvalidLogoutToken,
  verifyLogoutToken,
} from './backchannel-logout';
import { createStaffSession, findStaffSession, staffSessionMigrations } from './staff-sessions';

const issuer = 'https://provider.test';
const clientId = 'claims-portal';
const now = new Date('2026-12-06T10:00:00.000Z');
const iat = Math.floor(now.getTime() / 1000);

describe('back-channel logout token (OpenID Connect Back-Channel Logout 1.0, §2.6)', () => {
  let sign: (payload: JWTPayload) => Promise<string>;
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256' }] });
    sign = (payload) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'logout+jwt' }).sign(privateKey);
  });

  const valid = { iss: issuer, aud: clientId, iat, jti: 'j1', sub: 'dev-agent-claire' };
  const events = { [BACKCHANNEL_LOGOUT_EVENT]: {} };
  const verify = (token: string) => verifyLogoutToken(token, { issuer, clientId, keys, now });

  it('names the subject of a well-formed token', async () => {
    const token = await sign({ ...valid, sid: 'op-session', events });
    await expect(verify(token)).resolves.toEqual({ sub: 'dev-agent-claire', sid: 'op-session' });
  });

  it.each([
    ['no event', { ...valid }],
    ['another event', { ...valid, events: { 'https://example.test/other-event': {} } }],
    ['a nonce', { ...valid, events, nonce: 'n' }],
    ['another audience', { ...valid, aud: 'someone-else', events }],
    ['another issuer', { ...valid, iss: 'https://elsewhere.test', events }],
    ['neither sub nor sid', { iss: issuer, aud: clientId, iat, jti: 'j2', events }],
    ['an old iat', { ...valid, iat: iat - 3600, events }],
  ])('refuses a token with %s', async (_what, payload) => {
    await expect(verify(await sign(payload))).rejects.toBeInstanceOf(InvalidLogoutToken);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...valid, events })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(privateKey);
    await expect(verify(forged)).rejects.toBeInstanceOf(InvalidLogoutToken);
  });
});

describe('ending the sessions of a signed-out subject', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.pool, staffSessionMigrations);
  });
  afterAll(() => database.drop());

  it("ends every session of the subject and nobody else's", async () => {
    const claire = { staffId: 'dev-agent-claire', email: 'claire@claims-portal.local' };
    const marc = { staffId: 'dev-agent-marc', email: 'marc@claims-portal.local' };
    const first = await createStaffSession(database.pool, { ...claire, role: 'agent' }, now);
    const second = await createStaffSession(database.pool, { ...claire, role: 'agent' }, now);
    const other = await createStaffSession(database.pool, { ...marc, role: 'agent' }, now);

    const ended = await endSessionsOfSubject(database.pool, { sub: 'dev-agent-claire' });

    expect(ended).toBe(2);
    expect(await findStaffSession(database.pool, first.id, now)).toBeUndefined();
    expect(await findStaffSession(database.pool, second.id, now)).toBeUndefined();
    expect((await findStaffSession(database.pool, other.id, now))?.staff).toEqual(marc);
  });

  it('ends nothing for a token naming only a provider session', async () => {
    expect(await endSessionsOfSubject(database.pool, { sid: 'op-session' })).toBe(0);
  });
});
