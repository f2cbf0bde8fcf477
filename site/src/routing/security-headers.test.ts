import { describe, expect, it } from 'vitest';
import { mergedPolicy, securityHeaders } from './security-headers';

describe('security headers', () => {
  it('forbid framing and sniffing on pages, and say what the page may not do', () => {
    const page = securityHeaders('/en/dashboard', false);
    expect(page).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page['permissions-policy']).toContain('camera=()');
    expect(page).not.toHaveProperty('strict-transport-security');
  });

  it('lock API answers down to data, and add HSTS over https', () => {
    const api = securityHeaders('/api/claims', true);
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it('let only our own pages frame a claim document, which may load nothing itself', () => {
    const document = securityHeaders(`/api/admin/claims/c-1/documents/${'a'.repeat(64)}`, false);
    expect(document['x-frame-options']).toBe('SAMEORIGIN');
    expect(document['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(document['content-security-policy']).toContain("default-src 'none'");
    expect(securityHeaders('/api/admin/claims/c-1/events', false)['x-frame-options']).toBe('DENY');
    expect(securityHeaders('/admin/claim', false)['content-security-policy']).toContain(
      "frame-src 'self'",
    );
  });

  it('add to the script and style hashes Astro wrote rather than replace them', () => {
    expect(
      mergedPolicy("script-src 'self' 'sha256-x'; style-src 'self';", "frame-ancestors 'none'"),
    ).toBe("script-src 'self' 'sha256-x'; style-src 'self'; frame-ancestors 'none'");
    expect(mergedPolicy(null, "frame-ancestors 'none'")).toBe("frame-ancestors 'none'");
  });
});
