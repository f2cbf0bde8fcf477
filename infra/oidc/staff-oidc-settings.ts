import type { Config } from '../config/config';
import type { StaffSignInOptions } from './staff-sign-in';

/** Where the development provider is mounted on the portal's own server. */
const DEVELOPMENT_ISSUER_PATH = '/oidc';
const STAFF_CALLBACK_PATH = '/api/auth/callback';
/** Where a provider posts its back-channel logout tokens (decision 104). */
export const BACKCHANNEL_LOGOUT_PATH = '/api/auth/backchannel-logout';

/** The development provider's one client; the provider never runs in production. */
export const DEVELOPMENT_CLIENT = {
  clientId: 'claims-portal-development',
  clientSecret: 'development-only-client-secret',
} as const;

export interface StaffOidcSettings extends StaffSignInOptions {
  /** True when the launcher must serve the development provider at `issuer`. */
  readonly useDevelopmentProvider: boolean;
}

/**
 * Staff sign-in settings from the configuration: OIDC_ISSUER when set; else, outside
 * production, the development provider under /oidc on the portal itself.
 */
export function staffOidcSettings(config: Config): StaffOidcSettings {
  const base = publicBaseUrl(config);
  const useDevelopmentProvider = config.OIDC_ISSUER === undefined;
  if (useDevelopmentProvider && config.NODE_ENV === 'production') {
    throw new Error('OIDC_ISSUER is required when NODE_ENV=production (staff sign-in)');
  }
  const issuer = config.OIDC_ISSUER ?? `${base}${DEVELOPMENT_ISSUER_PATH}`;
  return {
    issuer,
    ...clientOf(config, useDevelopmentProvider),
    redirectUri: `${base}${STAFF_CALLBACK_PATH}`,
    staffRole: config.OIDC_STAFF_ROLE,
    auditorRole: config.OIDC_AUDITOR_ROLE,
    staffEmailDomain: config.OIDC_STAFF_EMAIL_DOMAIN,
    ...(config.OIDC_SCOPE ? { scope: config.OIDC_SCOPE } : {}),
    allowInsecure: config.NODE_ENV !== 'production' && issuer.startsWith('http:'),
    useDevelopmentProvider,
  };
}

function clientOf(config: Config, development: boolean) {
  const clientId = config.OIDC_CLIENT_ID ?? (development ? DEVELOPMENT_CLIENT.clientId : undefined);
  const clientSecret =
    config.OIDC_CLIENT_SECRET ?? (development ? DEVELOPMENT_CLIENT.clientSecret : undefined);
  if (clientId === undefined || clientSecret === undefined) {
    throw new Error('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set');
  }
  return { clientId, clientSecret };
}

/** PUBLIC_URL, else the address the launcher listens on (a wildcard host as localhost). */
function publicBaseUrl(config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
