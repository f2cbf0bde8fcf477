import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isServedTenant, resolveTenant, tenantFromRequest } from './tenant';

const SUFFIX = 'claims.example.com';

describe('tenantFromRequest with a host suffix', () => {
  it.each([
    ['jupiter.claims.example.com', 'jupiter'],
    ['jupiter.claims.example.com:8443', 'jupiter'],
    ['JUPITER.Claims.Example.com', 'jupiter'],
    ['jupiter.claims.example.com.', 'jupiter'],
    ['www.jupiter.claims.example.com', 'jupiter'],
    ['admin.claims.example.com', 'admin'],
    ['admin.claims.example.com:4321', 'admin'],
    ['claims.example.com', 'base'],
    ['claims.example.com:443', 'base'],
    ['www.claims.example.com', 'base'],
    ['base.claims.example.com', 'base'],
    ['localhost', 'base'],
    ['localhost:4321', 'base'],
    ['127.0.0.1:4321', 'base'],
    ['10.1.2.3', 'base'],
    ['[::1]:4321', 'base'],
    ['[::1]', 'base'],
    ['other.example.org', 'base'],
    ['notclaims.example.com', 'base'],
    ['', 'base'],
  ])('%s → %s', (host, tenant) => {
    expect(tenantFromRequest(host, '/en/', SUFFIX)).toBe(tenant);
  });

  it('picks admin from the /admin path prefix whatever the host', () => {
    expect(tenantFromRequest('claims.example.com', '/admin', SUFFIX)).toBe('admin');
    expect(tenantFromRequest('claims.example.com', '/admin/dashboard', SUFFIX)).toBe('admin');
    expect(tenantFromRequest('jupiter.claims.example.com', '/admin/', SUFFIX)).toBe('admin');
  });

  it('does not take a longer first segment for the admin prefix', () => {
    expect(tenantFromRequest('claims.example.com', '/administrator', SUFFIX)).toBe('base');
    expect(tenantFromRequest('claims.example.com', '/en/admin', SUFFIX)).toBe('base');
  });

  it('tolerates a suffix written with dots around it', () => {
    expect(tenantFromRequest('jupiter.claims.example.com', '/', '.claims.example.com.')).toBe(
      'jupiter',
    );
  });
});

describe('tenantFromRequest without a host suffix', () => {
  it.each([
    'jupiter.claims.example.com',
    'admin.claims.example.com',
    'localhost:4321',
    '127.0.0.1',
  ])('%s is the base tenant', (host) => {
    expect(tenantFromRequest(host, '/fr/dashboard')).toBe('base');
    expect(tenantFromRequest(host, '/fr/dashboard', '')).toBe('base');
  });

  it('still picks admin from the /admin prefix', () => {
    expect(tenantFromRequest('localhost:4321', '/admin/claims')).toBe('admin');
  });
});

describe('isServedTenant', () => {
  it('serves base, admin and jupiter only', () => {
    expect(isServedTenant('base')).toBe(true);
    expect(isServedTenant('admin')).toBe(true);
    expect(isServedTenant('jupiter')).toBe(true);
    expect(isServedTenant('saturn')).toBe(false);
  });
});

describe('resolveTenant middleware', () => {
  // getConfig() reads the environment once, on first use, which is inside these tests.
  beforeAll(() => vi.stubEnv('TENANT_HOST_SUFFIX', 'claims.test'));
  afterAll(() => vi.unstubAllEnvs());

  const request = (host: string, pathname = '/en/') => {
    const context = {
      request: new Request(`http://localhost${pathname}`, { headers: { host } }),
      url: new URL(`http://localhost${pathname}`),
      locals: {} as { tenant?: string },
    };
    return context;
  };

  it('answers "Tenant Not Available" for a tenant that is not served', async () => {
    const context = request('saturn.claims.test');
    const next = vi.fn();
    const response = (await resolveTenant(context as never, next)) as Response;
    expect(next).not.toHaveBeenCalled();
    expect(context.locals.tenant).toBe('saturn');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    const body = await response.text();
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('Tenant Not Available');
  });

  it('hands base and admin requests on', async () => {
    const passed = new Response('ok');
    for (const [host, pathname, tenant] of [
      ['claims.test', '/en/', 'base'],
      ['admin.claims.test', '/', 'admin'],
      ['jupiter.claims.test', '/admin/dashboard', 'admin'],
    ] as const) {
      const context = request(host, pathname);
      const response = await resolveTenant(context as never, async () => passed);
      expect(response).toBe(passed);
      expect(context.locals.tenant).toBe(tenant);
    }
  });
});
