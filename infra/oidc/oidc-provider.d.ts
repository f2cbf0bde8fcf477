/**
 * The part of oidc-provider 9 the development provider uses. The package ships no types and
 * @types/oidc-provider is not installed; these follow its documentation (docs/README.md).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

  export interface AccountClaims {
    readonly sub: string;
    readonly [claim: string]: unknown;
  }

  export interface Account {
    readonly accountId: string;
    claims(): Promise<AccountClaims> | AccountClaims;
  }

  /** The resolved or pending part of an authorization request, as an interaction sees it. */
  export interface Interaction {
    readonly uid: string;
    readonly prompt: { readonly name: string; readonly details: Record<string, unknown> };
    readonly params: Readonly<Record<string, unknown>>;
    readonly grantId?: string;
  }

  export interface InteractionResults {
    readonly login?: { readonly accountId: string; readonly remember?: boolean };
    readonly consent?: { readonly grantId?: string };
    readonly error?: string;
    readonly error_description?: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: readonly string[]): void;
    save(): Promise<string>;
  }

  export interface ClientMetadata {
    readonly client_id: string;
    readonly client_secret: string;
    readonly backchannel_logout_uri?: string;
    readonly redirect_uris: readonly string[];
    readonly response_types?: readonly string[];
    readonly grant_types?: readonly string[];
    readonly token_endpoint_auth_method?: string;
  }

  export interface Configuration {
    readonly clients?: readonly ClientMetadata[];
    readonly findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    readonly claims?: Readonly<Record<string, readonly string[]>>;
    readonly conformIdTokenClaims?: boolean;
    readonly cookies?: { readonly keys?: readonly string[] };
    readonly jwks?: { readonly keys: readonly Record<string, unknown>[] };
    readonly pkce?: { readonly required?: () => boolean };
    readonly responseTypes?: readonly string[];
    readonly features?: Readonly<Record<string, { readonly enabled: boolean }>>;
    readonly interactions?: {
      readonly url?: (ctx: unknown, interaction: { readonly uid: string }) => Promise<string>;
    };
    readonly renderError?: (
      ctx: { type: string; body: string },
      out: Readonly<Record<string, string>>,
      error: Error,
    ) => Promise<void>;
    readonly ttl?: Readonly<Record<string, number>>;
    readonly issueRefreshToken?: (
      ctx: unknown,
      client: { grantTypeAllowed(grantType: string): boolean },
      code: unknown,
    ) => Promise<boolean>;
    readonly expiresWithSession?: (ctx: unknown, token: unknown) => Promise<boolean>;
    readonly fetch?: (
      url: string,
      options: RequestInit & { dispatcher?: unknown },
    ) => Promise<Response>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: new (init: {
      accountId: string;
      clientId: string;
    }) => Grant;
    readonly Client: {
      find(
        clientId: string,
      ): Promise<{ backchannelLogout(sub: string, sid?: string): Promise<void> } | undefined>;
    };
    callback(): NodeHandler;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { readonly mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    readonly SessionNotFound: new (...args: unknown[]) => Error;
  };

  export default Provider;
}
