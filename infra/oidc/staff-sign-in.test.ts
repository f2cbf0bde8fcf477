import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthenticatedError } from '@contracts/errors';
import {
  chooseDemoUser,
  demoUserForms,
  startTestOidcProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import { createDevelopmentOidcProvider, DEMO_STAFF_USERS } from './development-provider';
import { createStaffSignIn, type StaffSignInOptions } from './staff-sign-in';

const REDIRECT_URI = 'http://portal.test/api/auth/callback';
const [claire, , sam, ines] = DEMO_STAFF_USERS;

describe('staff sign-in against the development provider', () => {
  let provider: TestOidcProvider;
  let options: StaffSignInOptions;

  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI);
    options = {
      issuer: provider.issuer,
      ...TEST_CLIENT,
      redirectUri: REDIRECT_URI,
      staffRole: 'claims-staff',
      auditorRole: 'claims-auditor',
      allowInsecure: true,
    };
  });
  afterAll(() => provider.close());

  it('serves discovery under the issuer path, with roles among the claims', async () => {
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata.authorization_endpoint).toBe(`${provider.issuer}/auth`);
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['email', 'name', 'roles']));
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs a claims agent in through code, PKCE, state and nonce', async () => {
    const signIn = createStaffSignIn(options);
    const { url, pending } = await signIn.start();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('nonce')).toBe(pending.nonce);

    const back = await chooseDemoUser(new TestBrowser(), url, claire!.sub, REDIRECT_URI);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(pending.state);

    // With what re-validates the session every 5 minutes: a refresh token (decision 118).
    await expect(signIn.finish(back, pending)).resolves.toEqual({
      staffId: claire!.sub,
      email: claire!.email,
      role: 'agent',
      credential: { kind: 'refresh', token: expect.any(String) },
    });
  });

  it('signs the demo auditor in as an auditor, from the roles claim of the ID token', async () => {
    const signIn = createStaffSignIn(options);
    const { url, pending } = await signIn.start();
    const back = await chooseDemoUser(new TestBrowser(), url, ines!.sub, REDIRECT_URI);
    await expect(signIn.finish(back, pending)).resolves.toMatchObject({
      staffId: ines!.sub,
      email: ines!.email,
      role: 'auditor',
    });
  });

  it('shows every demo user as a button on a page with no outside assets', async () => {
    const { url } = await createStaffSignIn(options).start();
    const browser = new TestBrowser();
    const toPage = await browser.request(url);
    expect(toPage.status).toBe(303);
    const page = await browser.request(new URL(toPage.headers.get('location') ?? '', url));
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(demoUserForms(html).map((form) => form.sub)).toEqual(DEMO_STAFF_USERS.map((u) => u.sub));
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it('admits by email domain when the role is missing', async () => {
    const signIn = createStaffSignIn({
      ...options,
      staffRole: 'no-such-role',
      staffEmailDomain: 'claims-portal.local',
    });
    const { url, pending } = await signIn.start();
    const back = await chooseDemoUser(new TestBrowser(), url, claire!.sub, REDIRECT_URI);
    await expect(signIn.finish(back, pending)).resolves.toMatchObject({ staffId: claire!.sub });
  });

  it('refuses a signed-in identity that is not staff', async () => {
    const signIn = createStaffSignIn(options);
    const { url, pending } = await signIn.start();
    const back = await chooseDemoUser(new TestBrowser(), url, sam!.sub, REDIRECT_URI);
    await expect(signIn.finish(back, pending)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('refuses a forged state, a state from another sign-in and a replayed code', async () => {
    const signIn = createStaffSignIn(options);
    const first = await signIn.start();
    const other = await signIn.start();
    const back = await chooseDemoUser(new TestBrowser(), first.url, claire!.sub, REDIRECT_URI);

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    await expect(signIn.finish(forged, first.pending)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(signIn.finish(back, other.pending)).rejects.toBeInstanceOf(UnauthenticatedError);

    await expect(signIn.finish(back, first.pending)).resolves.toMatchObject({
      staffId: claire!.sub,
    });
    await expect(signIn.finish(back, first.pending)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('refuses a code exchanged without its PKCE verifier', async () => {
    const signIn = createStaffSignIn(options);
    const { url, pending } = await signIn.start();
    const back = await chooseDemoUser(new TestBrowser(), url, claire!.sub, REDIRECT_URI);
    const wrongVerifier = { ...pending, codeVerifier: 'x'.repeat(64) };
    await expect(signIn.finish(back, wrongVerifier)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('requires PKCE at the provider', async () => {
    const { url } = await createStaffSignIn(options).start();
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await new TestBrowser().request(url);
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('asks who signs in every time, even with a provider session', async () => {
    const browser = new TestBrowser();
    const signIn = createStaffSignIn(options);
    const first = await signIn.start();
    await chooseDemoUser(browser, first.url, claire!.sub, REDIRECT_URI);
    const second = await signIn.start();
    const back = await chooseDemoUser(browser, second.url, sam!.sub, REDIRECT_URI);
    await expect(signIn.finish(back, second.pending)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('answers an unknown or expired interaction with a page', async () => {
    const response = await fetch(`${provider.issuer}/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in expired');
  });

  it('refuses http issuers unless insecure requests are allowed', async () => {
    const signIn = createStaffSignIn({ ...options, allowInsecure: false });
    await expect(signIn.start()).rejects.toThrow(/HTTPS/i);
  });
});

describe('the development provider', () => {
  it('refuses to run in production', () => {
    expect(() =>
      createDevelopmentOidcProvider({
        issuer: 'http://127.0.0.1:4321/oidc',
        clients: [{ ...TEST_CLIENT, redirectUris: [REDIRECT_URI] }],
        nodeEnv: 'production',
      }),
    ).toThrow(/production/);
  });
});
