import { describe, expect, it } from 'vitest';
import { parseConfig } from '@infra/config/config';
import { DEVELOPMENT_CLIENT, staffOidcSettings } from './staff-oidc-settings';

describe('staffOidcSettings', () => {
  it('uses the development provider on the portal itself outside production', () => {
    expect(staffOidcSettings(parseConfig({ NODE_ENV: 'development', PORT: '4321' }))).toEqual({
      issuer: 'http://127.0.0.1:4321/oidc',
      ...DEVELOPMENT_CLIENT,
      redirectUri: 'http://127.0.0.1:4321/api/auth/callback',
      staffRole: 'claims-staff',
      auditorRole: 'claims-auditor',
      staffEmailDomain: undefined,
      allowInsecure: true,
      useDevelopmentProvider: true,
    });
  });

  it('builds addresses on PUBLIC_URL', () => {
    const settings = staffOidcSettings(
      parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://claims.example.com/' }),
    );
    expect(settings.issuer).toBe('https://claims.example.com/oidc');
    expect(settings.redirectUri).toBe('https://claims.example.com/api/auth/callback');
    expect(settings.allowInsecure).toBe(false);
  });

  it('uses OIDC_* when OIDC_ISSUER is set, and never allows http in production', () => {
    const settings = staffOidcSettings(
      parseConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://claims.example.com',
        OIDC_ISSUER: 'http://keycloak.internal/realms/claims',
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_STAFF_EMAIL_DOMAIN: 'claims.example.com',
      }),
    );
    expect(settings).toMatchObject({
      issuer: 'http://keycloak.internal/realms/claims',
      clientId: 'portal',
      clientSecret: 's3cret',
      staffEmailDomain: 'claims.example.com',
      allowInsecure: false,
      useDevelopmentProvider: false,
    });
  });

  it('needs the client id and secret of a configured issuer', () => {
    const config = parseConfig({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'x' });
    expect(() => staffOidcSettings(config)).toThrow(/OIDC_CLIENT_SECRET/);
  });
});
