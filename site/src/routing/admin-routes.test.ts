import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, adminRoute, STAFF_SIGN_IN } from './admin-routes';

describe('admin routes (staff spec §2)', () => {
  it.each(['/admin', '/admin/', '/admin/en', '/admin/en/', '/admin/nowhere', '/admin/claim/x'])(
    '%s goes to the dashboard',
    (path) => {
      expect(adminRoute(path, true)).toEqual({ kind: 'redirect', location: ADMIN_HOME });
      expect(adminRoute(path, false)).toEqual({ kind: 'redirect', location: ADMIN_HOME });
    },
  );

  it.each(['/admin/dashboard', '/admin/search', '/admin/claim', '/admin/audit-report'])(
    '%s is served to staff and starts sign-in for anyone else',
    (path) => {
      expect(adminRoute(path, true)).toEqual({ kind: 'page' });
      expect(adminRoute(path, false)).toEqual({ kind: 'redirect', location: STAFF_SIGN_IN });
    },
  );

  it('opens the error pages to everyone', () => {
    for (const code of ['404', '403', '500']) {
      expect(adminRoute(`/admin/error/${code}`, false)).toEqual({ kind: 'page' });
    }
    expect(adminRoute('/admin/error/418', true)).toEqual({
      kind: 'redirect',
      location: ADMIN_HOME,
    });
  });

  it('drops a trailing slash and leaves customer paths alone', () => {
    expect(adminRoute('/admin/search/', true)).toEqual({
      kind: 'redirect',
      location: '/admin/search',
    });
    expect(adminRoute('/en/dashboard', false, 'base')).toEqual({ kind: 'notAdmin' });
    expect(adminRoute('/administration', false, 'jupiter')).toEqual({ kind: 'notAdmin' });
  });

  it.each(['/', '/nowhere', '/en/dashboard', '/administration', '/a/b?c'])(
    '%s on the admin host goes to the dashboard; its API stays',
    (path) => {
      expect(adminRoute(path, false, 'admin')).toEqual({ kind: 'redirect', location: ADMIN_HOME });
      expect(adminRoute(path, true, 'admin')).toEqual({ kind: 'redirect', location: ADMIN_HOME });
      expect(adminRoute('/api/health', false, 'admin')).toEqual({ kind: 'notAdmin' });
    },
  );
});
