import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@tests/support/free-port';
import {
  chooseDemoUser,
  startTestOidcProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import { type PortalUnderTest, startPortalUnderTest } from './portal-under-test';

/**
 * Back-Channel Logout through the whole portal as a provider really sends it: a form posted
 * server to server, with no Origin and no CSRF cookie. The handler-level test cannot see the
 * edge in front of it, which refused exactly this post (403) until the route was declared a
 * signed form.
 */
describe('OpenID Connect Back-Channel Logout over HTTP', () => {
  let provider: TestOidcProvider;
  let portal: PortalUnderTest;
  const sub = 'dev-agent-claire';

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider(
      `${base}/api/auth/callback`,
      `${base}/api/auth/backchannel-logout`,
    );
    portal = await startPortalUnderTest({
      PORT: String(port),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.clientId,
      OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    });
  }, 240_000);
  afterAll(async () => {
    await portal?.stop();
    await provider?.close();
  });

  const signIn = async () => {
    const browser = new TestBrowser();
    const init = await browser.request(`${portal.base}/api/auth/init`);
    const back = await chooseDemoUser(
      browser,
      new URL(init.headers.get('location') ?? '', portal.base),
      sub,
      provider.redirectUri,
    );
    await browser.request(back);
    return browser;
  };
  const validate = async (browser: TestBrowser) =>
    (await browser.request(`${portal.base}/api/auth/validate`)).status;

  it("ends the subject's staff sessions when the provider posts its logout token", async () => {
    const first = await signIn();
    const second = await signIn();
    expect([await validate(first), await validate(second)]).toEqual([200, 200]);

    // oidc-provider throws unless the portal answers 200.
    await provider.sendBackchannelLogout(sub);

    // Ended by the provider, not expired: 403 says so (decision 125).
    expect([await validate(first), await validate(second)]).toEqual([403, 403]);
  });

  it('refuses a forged token with 400 and a JSON body with 415, ending nothing', async () => {
    const browser = await signIn();
    const post = (type: string, body: string) =>
      fetch(`${portal.base}/api/auth/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    const forged = await post('application/x-www-form-urlencoded', 'logout_token=a.b.c');
    expect(forged.status).toBe(400);
    expect((await post('application/json', '{"logout_token":"a.b.c"}')).status).toBe(415);
    expect(await validate(browser)).toBe(200);
  });
});
