import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@infra/config/config';
import { freePort } from '@tests/support/free-port';
import { developmentProviderFor, type MountedDevelopmentProvider } from './development-mount';

describe('the development provider beside the site', () => {
  let server: Server;
  let mounted: MountedDevelopmentProvider;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const found = developmentProviderFor(parseConfig({ NODE_ENV: 'test', PORT: String(port) }));
    if (!found) throw new Error('expected the development provider');
    mounted = found;
    server = createServer((req, res) => {
      if (mounted.handles(req)) mounted.callback(req, res);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('the site');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await mounted.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers under /oidc with the portal as its only client, and leaves the rest to the site', async () => {
    expect(mounted.issuer).toBe(`${base}/oidc`);
    const metadata = (await (
      await fetch(`${base}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${base}/oidc`);
    expect(metadata.token_endpoint).toBe(`${base}/oidc/token`);
    expect(await (await fetch(`${base}/oidcx`)).text()).toBe('the site');
    expect(await (await fetch(`${base}/admin/dashboard`)).text()).toBe('the site');
  });

  it('is not started when OIDC_ISSUER names a provider, and refuses production without one', () => {
    const external = {
      OIDC_ISSUER: 'https://login.example.com/realms/claims',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(developmentProviderFor(parseConfig({ NODE_ENV: 'production', ...external }))).toBe(
      undefined,
    );
    expect(() => developmentProviderFor(parseConfig({ NODE_ENV: 'production' }))).toThrow(
      /OIDC_ISSUER/,
    );
  });
});
