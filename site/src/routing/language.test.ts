import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import {
  LANG_COOKIE,
  type LanguageRequest,
  langOfPath,
  languageRoute,
  offeredLangs,
  pathInLanguage,
  preferredLang,
  routeLanguage,
} from './language';

const onBase = (pathname: string, extra: Partial<LanguageRequest> = {}) =>
  languageRoute({ pathname, tenant: 'base', ...extra });

describe('languageRoute on the base tenant', () => {
  it('sends the root to the stored preference, else English', () => {
    expect(onBase('/')).toEqual({ kind: 'redirect', location: '/en/' });
    expect(onBase('/', { storedLang: 'fr' })).toEqual({ kind: 'redirect', location: '/fr/' });
    expect(onBase('/', { storedLang: 'cn' })).toEqual({ kind: 'redirect', location: '/en/' });
    expect(onBase('/', { storedLang: '' })).toEqual({ kind: 'redirect', location: '/en/' });
  });

  it('adds the trailing slash to a bare language', () => {
    expect(onBase('/en')).toEqual({ kind: 'redirect', location: '/en/' });
    expect(onBase('/fr', { storedLang: 'en' })).toEqual({ kind: 'redirect', location: '/fr/' });
  });

  it('serves pages under /en/ and /fr/ in that language', () => {
    expect(onBase('/en/')).toEqual({ kind: 'page', lang: 'en' });
    expect(onBase('/fr/dashboard', { storedLang: 'en' })).toEqual({ kind: 'page', lang: 'fr' });
    expect(onBase('/fr/error/404')).toEqual({ kind: 'page', lang: 'fr' });
  });

  it('does not offer Chinese', () => {
    expect(onBase('/cn')).toEqual({ kind: 'notFound', lang: 'en' });
    expect(onBase('/cn/')).toEqual({ kind: 'notFound', lang: 'en' });
    expect(onBase('/cn/dashboard')).toEqual({ kind: 'notFound', lang: 'en' });
  });

  it('turns an unknown language on a [lang] route into a 404', () => {
    expect(onBase('/de/', { routePattern: '/[lang]' })).toEqual({ kind: 'notFound', lang: 'en' });
    expect(onBase('/EN/dashboard', { routePattern: '/[lang]/dashboard' })).toEqual({
      kind: 'notFound',
      lang: 'en',
    });
  });

  it('passes other paths through', () => {
    for (const pathname of [
      '/api/claims',
      '/locales/fr.json',
      '/admin',
      '/_astro/a.js',
      '/favicon.svg',
      '/nope',
      '/english/',
    ]) {
      expect(onBase(pathname), pathname).toEqual({ kind: 'passThrough' });
    }
    expect(onBase('/locales/de.json', { routePattern: '/locales/[lang].json' })).toEqual({
      kind: 'passThrough',
    });
  });
});

describe('languageRoute on the admin tenant', () => {
  const onAdmin = (pathname: string) =>
    languageRoute({ pathname, tenant: 'admin', storedLang: 'fr' });

  it('sends the root to the staff dashboard', () => {
    expect(onAdmin('/')).toEqual({ kind: 'redirect', location: '/admin/dashboard' });
  });

  it('serves no customer routes', () => {
    expect(offeredLangs('admin')).toEqual([]);
    expect(onAdmin('/en/')).toEqual({ kind: 'notFound', lang: 'en' });
    expect(onAdmin('/fr/dashboard')).toEqual({ kind: 'notFound', lang: 'en' });
  });

  it('passes staff and API paths through', () => {
    expect(onAdmin('/admin/dashboard')).toEqual({ kind: 'passThrough' });
    expect(onAdmin('/api/admin/claims')).toEqual({ kind: 'passThrough' });
  });
});

describe('the jupiter tenant', () => {
  const onJupiter = (pathname: string, extra: Partial<LanguageRequest> = {}) =>
    languageRoute({ pathname, tenant: 'jupiter', ...extra });

  it('serves /cn/ beside /en/ and /fr/, and its root honours a stored cn', () => {
    expect(onJupiter('/cn/dashboard')).toEqual({ kind: 'page', lang: 'cn' });
    expect(onJupiter('/cn')).toEqual({ kind: 'redirect', location: '/cn/' });
    expect(onJupiter('/fr/faq')).toEqual({ kind: 'page', lang: 'fr' });
    expect(onJupiter('/', { storedLang: 'cn' })).toEqual({ kind: 'redirect', location: '/cn/' });
    expect(offeredLangs('jupiter')).toEqual(['en', 'fr', 'cn']);
    expect(offeredLangs('base')).toEqual(['en', 'fr']);
  });
});

describe('path helpers', () => {
  it('preferredLang keeps en or fr only', () => {
    expect(preferredLang('fr')).toBe('fr');
    expect(preferredLang('en')).toBe('en');
    expect(preferredLang('FR')).toBe('en');
    expect(preferredLang(undefined)).toBe('en');
  });

  it('langOfPath reads the prefix', () => {
    expect(langOfPath('/fr/nope')).toBe('fr');
    expect(langOfPath('/fr')).toBe('fr');
    expect(langOfPath('/en/x')).toBe('en');
    expect(langOfPath('/cn/x')).toBe('cn');
    expect(langOfPath('/nope')).toBe('en');
    expect(langOfPath('/french/')).toBe('en');
  });

  it('pathInLanguage keeps the page and swaps the language', () => {
    expect(pathInLanguage('/en/', 'fr')).toBe('/fr/');
    expect(pathInLanguage('/en', 'fr')).toBe('/fr/');
    expect(pathInLanguage('/fr/claim/abc', 'en')).toBe('/en/claim/abc');
    expect(pathInLanguage('/en/dashboard', 'en')).toBe('/en/dashboard');
  });

  it('pathInLanguage sends other paths to the language home', () => {
    expect(pathInLanguage('/nope', 'fr')).toBe('/fr/');
    expect(pathInLanguage('/', 'en')).toBe('/en/');
    expect(pathInLanguage('/cn/x', 'fr')).toBe('/fr/x');
    expect(pathInLanguage('/fr/faq', 'cn')).toBe('/cn/faq');
  });
});

interface FakeCookie {
  value: string;
  options: Record<string, unknown>;
}

function fakeContext(
  url: string,
  options: { cookie?: string; routePattern?: string; tenant?: string } = {},
) {
  const jar = new Map<string, FakeCookie>();
  if (options.cookie) jar.set(LANG_COOKIE, { value: options.cookie, options: {} });
  const set = vi.fn((name: string, value: string, cookieOptions: Record<string, unknown>) => {
    jar.set(name, { value, options: cookieOptions });
  });
  const context = {
    url: new URL(url),
    request: new Request(url),
    locals: { tenant: options.tenant ?? 'base' },
    routePattern: options.routePattern ?? '/[lang]',
    cookies: { get: (name: string) => jar.get(name), set },
  };
  return { context: context as unknown as APIContext, jar, set };
}

const passed = new Response('page');
const run = async (context: APIContext) => {
  const next = vi.fn<MiddlewareNext>(async () => passed);
  const response = await routeLanguage(context, next);
  return { response: response as Response, next };
};

describe('routeLanguage middleware', () => {
  it('redirects the root with a 302, keeping the query', async () => {
    const { context } = fakeContext('http://localhost/?from=mail', {
      cookie: 'fr',
      routePattern: '/',
    });
    const { response, next } = await run(context);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/?from=mail');
    expect(next).not.toHaveBeenCalled();
  });

  it('sets the language and stores a changed preference for a year', async () => {
    const { context, set } = fakeContext('https://claims.example.com/fr/', { cookie: 'en' });
    const { response } = await run(context);
    expect(response).toBe(passed);
    expect(context.locals.lang).toBe('fr');
    expect(set).toHaveBeenCalledWith(LANG_COOKIE, 'fr', {
      path: '/',
      sameSite: 'lax',
      maxAge: 31_536_000,
      secure: true,
    });
  });

  it('does not mark the cookie Secure over http, nor rewrite an unchanged preference', async () => {
    const first = fakeContext('http://localhost/en/');
    await run(first.context);
    expect(first.set.mock.calls[0]?.[2]).toMatchObject({ secure: false });

    const again = fakeContext('http://localhost/en/dashboard', { cookie: 'en' });
    await run(again.context);
    expect(again.set).not.toHaveBeenCalled();
  });

  it('rewrites a language not offered to the 404 page', async () => {
    const { context } = fakeContext('http://localhost/cn/dashboard', {
      routePattern: '/[lang]/dashboard',
    });
    const { next } = await run(context);
    expect(next).toHaveBeenCalledWith('/404');
    expect(context.locals.lang).toBe('en');
  });

  it('lets the 404 page render for a language not offered', async () => {
    const { context } = fakeContext('http://localhost/cn/a/b/c', { routePattern: '/404' });
    const { next } = await run(context);
    expect(next).toHaveBeenCalledWith();
  });

  it('passes API calls through in English without touching cookies', async () => {
    const { context, set } = fakeContext('http://localhost/api/claims', {
      cookie: 'fr',
      routePattern: '/api/claims',
    });
    const { response } = await run(context);
    expect(response).toBe(passed);
    expect(context.locals.lang).toBe('en');
    expect(set).not.toHaveBeenCalled();
  });
});
