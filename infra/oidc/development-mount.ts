import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/config';
import { createDevelopmentOidcProvider } from './development-provider';
import { BACKCHANNEL_LOGOUT_PATH, staffOidcSettings } from './staff-oidc-settings';

export interface MountedDevelopmentProvider {
  /** The issuer; requests below its path belong to the provider. */
  readonly issuer: string;
  /** True for a request the provider must answer instead of the site. */
  handles(req: IncomingMessage): boolean;
  callback(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

/**
 * The development provider the launcher serves beside the site, or undefined when
 * OIDC_ISSUER names a real one. Throws in production without OIDC_ISSUER, so start-up
 * stops with the reason.
 */
export function developmentProviderFor(config: Config): MountedDevelopmentProvider | undefined {
  const settings = staffOidcSettings(config);
  if (!settings.useDevelopmentProvider) return undefined;
  const oidc = createDevelopmentOidcProvider({
    issuer: settings.issuer,
    clients: [
      {
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        redirectUris: [settings.redirectUri],
        backchannelLogoutUri: new URL(BACKCHANNEL_LOGOUT_PATH, settings.redirectUri).href,
      },
    ],
    nodeEnv: config.NODE_ENV,
  });
  const prefix = new URL(settings.issuer).pathname.replace(/\/$/, '');
  return {
    issuer: settings.issuer,
    handles: (req) => {
      const path = new URL(req.url ?? '/', 'http://host').pathname;
      return path === prefix || path.startsWith(`${prefix}/`);
    },
    callback: oidc.callback,
    close: oidc.close,
  };
}
