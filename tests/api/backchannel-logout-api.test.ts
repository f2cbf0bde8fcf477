import { createServer, type Server } from 'node:http';
import type { APIContext, AstroCookies } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@infra/config/config';
import { DEMO_STAFF_USERS } from '@infra/oidc/development-provider';
import { createStaffSession, staffSessionMigrations } from '@infra/oidc/staff-sessions';
import { migrate } from '@infra/postgres/migrate';
import { closeRuntime, openRuntime } from '@infra/runtime';
import { POST as backchannelLogout } from '@site/pages/api/auth/backchannel-logout';
import { staffFromCookies } from '@site/lib/staff-auth.server';
import { freePort } from '@tests/support/free-port';
import {
  startTestOidcProvider,
  TEST_CLIENT,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const PORTAL = 'http://portal.test';
const [claire, marc] = DEMO_STAFF_USERS;
const LOGOUT_URL = `${PORTAL}/api/auth/backchannel-logout`;

/** A staff session cookie for the session id, as Astro hands it to the portal. */
const cookiesOf = (id: string) =>
  ({
    get: (name: string) => (name === 'staff_session' ? { value: id } : undefined),
  }) as AstroCookies;

function post(body: string): Promise<Response> {
  const request = new Request(LOGOUT_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const context = {
    request,
    params: {},
    locals: { requestId: 'test-request', tenant: 'admin', lang: 'en' },
  } as unknown as APIContext;
  return backchannelLogout(context) as Promise<Response>;
}

describe('OpenID Connect Back-Channel Logout (decision 104)', () => {
  let provider: TestOidcProvider;
  let database: TestDatabase;
  let receiver: Server;
  const answered: number[] = [];

  beforeAll(async () => {
    // The provider posts to this address; it hands the body to the portal's endpoint.
    const port = await freePort();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void post(Buffer.concat(chunks).toString()).then((response) => {
          answered.push(response.status);
          res.writeHead(response.status).end();
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    provider = await startTestOidcProvider(
      `${PORTAL}/api/auth/callback`,
      `http://127.0.0.1:${port}/api/auth/backchannel-logout`,
    );
    database = await createTestDatabase();
    await migrate(database.pool, staffSessionMigrations);
    await openRuntime(
      {
        ...getConfig(),
        NODE_ENV: 'test',
        PUBLIC_URL: PORTAL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.clientId,
        OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      },
      database.url,
    );
  });
  afterAll(async () => {
    await closeRuntime();
    await database.drop();
    await provider.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const sessionOf = async (user: typeof claire) =>
    (
      await createStaffSession(database.pool, {
        staffId: user!.sub,
        email: user!.email,
        role: 'agent',
      })
    ).id;

  it("ends every session of the subject the provider names, at once, and no one else's", async () => {
    const first = await sessionOf(claire);
    const second = await sessionOf(claire);
    const other = await sessionOf(marc);
    expect(await staffFromCookies(cookiesOf(first))).toBeDefined();

    await provider.sendBackchannelLogout(claire!.sub);

    expect(answered.at(-1)).toBe(200);
    expect(await staffFromCookies(cookiesOf(first))).toBeUndefined();
    expect(await staffFromCookies(cookiesOf(second))).toBeUndefined();
    expect((await staffFromCookies(cookiesOf(other)))?.staffId).toBe(marc!.sub);
  });

  it('refuses a token the provider did not sign with 400, and ends nothing', async () => {
    const kept = await sessionOf(claire);
    const [header, payload] = ['{"alg":"none"}', `{"sub":"${claire!.sub}"}`].map((part) =>
      Buffer.from(part).toString('base64url'),
    );
    const refused = await post(
      new URLSearchParams({ logout_token: `${header}.${payload}.` }).toString(),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([
      expect.objectContaining({ field: 'logout_token', code: 'logoutTokenRefused' }),
    ]);
    expect((await post('')).status).toBe(400);
    expect(await staffFromCookies(cookiesOf(kept))).toBeDefined();
  });
});
