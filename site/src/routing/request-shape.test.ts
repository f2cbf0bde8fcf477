import { describe, expect, it } from 'vitest';
import { crossSiteRefused } from './request-shape';

const url = new URL('http://portal.internal:4321/api/claims/draft');
const request = (method: string, headers: Record<string, string>) =>
  new Request(url, { method, headers });

describe("the origin check (Astro's rule, our shape)", () => {
  it('lets safe methods and same-origin writes through', () => {
    expect(crossSiteRefused(request('GET', { origin: 'https://evil.example' }), url)).toBe(false);
    expect(
      crossSiteRefused(request('DELETE', { origin: 'http://portal.internal:4321' }), url),
    ).toBe(false);
    expect(
      crossSiteRefused(
        request('POST', { origin: 'https://evil.example', 'content-type': 'application/json' }),
        url,
      ),
    ).toBe(false);
  });

  it('refuses cross-site forms and writes with neither origin nor content type', () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      expect(
        crossSiteRefused(
          request('POST', { origin: 'https://evil.example', 'content-type': type }),
          url,
        ),
        type,
      ).toBe(true);
    }
    expect(crossSiteRefused(request('DELETE', {}), url)).toBe(true);
  });

  it('takes the https origin from a trusted proxy, and PUBLIC_URL as the same origin', () => {
    const proxied = request('DELETE', {
      origin: 'https://portal.internal:4321',
      'x-forwarded-proto': 'https',
    });
    expect(crossSiteRefused(proxied, url)).toBe(false);
    const publicOrigin = request('DELETE', { origin: 'https://claims.example.com' });
    expect(crossSiteRefused(publicOrigin, url)).toBe(true);
    expect(crossSiteRefused(publicOrigin, url, 'https://claims.example.com/')).toBe(false);
  });
});
