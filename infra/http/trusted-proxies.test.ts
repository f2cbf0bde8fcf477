import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config';
import { allowedMethods } from './route-methods';
import {
  invalidTrustProxyEntries,
  settleForwardedHeaders,
  trustedProxies,
} from './trusted-proxies';

const request = (peer: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress: peer }, headers: { ...headers } }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6, and names what it refuses', () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual([]);
    expect(parseConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,::1 ' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(
      invalidTrustProxyEntries(['10.0.0.300', 'proxy.local', '10.0.0.0/33', '1.2.3.4']),
    ).toEqual(['10.0.0.300', 'proxy.local', '10.0.0.0/33']);
    expect(() => parseConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('trusts listed peers only, IPv4-mapped ones included', () => {
    const proxies = trustedProxies(['127.0.0.2', '10.1.0.0/16']);
    expect(proxies.trusts('127.0.0.2')).toBe(true);
    expect(proxies.trusts('::ffff:127.0.0.2')).toBe(true);
    expect(proxies.trusts('10.1.200.3')).toBe(true);
    expect(proxies.trusts('127.0.0.1')).toBe(false);
    expect(proxies.trusts(undefined)).toBe(false);
    expect(trustedProxies([]).trusts('127.0.0.2')).toBe(false);
  });

  it('from a trusted proxy: the right-most untrusted hop is the client, the protocol is kept', () => {
    const proxies = trustedProxies(['127.0.0.2', '10.1.0.0/16']);
    const req = request('127.0.0.2', {
      'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.1.0.9',
      'x-forwarded-proto': 'HTTPS, http',
      'x-forwarded-host': 'evil.example',
    });
    settleForwardedHeaders(req, proxies);
    expect(req.headers).toEqual({
      'x-forwarded-for': '198.51.100.4',
      'x-forwarded-proto': 'https',
    });
  });

  it('from anyone else, or with nonsense, the forwarded headers are gone', () => {
    const proxies = trustedProxies(['127.0.0.2']);
    const spoofed = request('127.0.0.3', {
      'x-forwarded-for': '198.51.100.4',
      'x-forwarded-proto': 'https',
      forwarded: 'for=1.2.3.4;proto=https',
      'x-real-ip': '1.2.3.4',
    });
    settleForwardedHeaders(spoofed, proxies);
    expect(spoofed.headers).toEqual({});
    const nonsense = request('127.0.0.2', {
      'x-forwarded-for': 'not-an-address',
      'x-forwarded-proto': 'gopher',
    });
    settleForwardedHeaders(nonsense, proxies);
    expect(nonsense.headers).toEqual({});
  });
});

describe('allowedMethods', () => {
  it('reads the API operations, a fixed segment winning over a parameter', () => {
    expect(allowedMethods('/api/claims')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods('/api/claims/draft')).toEqual(['GET', 'HEAD', 'PUT', 'DELETE']);
    expect(allowedMethods('/api/claims/018f3a10-0000-7000-8000-00000000dead')).toEqual([
      'GET',
      'HEAD',
    ]);
    expect(allowedMethods('/api/openapi.json')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/api/nope')).toBeUndefined();
    expect(allowedMethods('/api/claims/a/b/c')).toBeUndefined();
    expect(allowedMethods('/en/dashboard')).toEqual(['GET', 'HEAD']);
  });
});
