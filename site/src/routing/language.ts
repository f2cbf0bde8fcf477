import type { APIContext, MiddlewareHandler } from 'astro';
import { ADMIN_HOME } from '@site/admin/admin-paths';
import { DEFAULT_LANG, type Lang, isLang } from '@site/i18n/i18n';
import { requestIsHttps } from '@site/lib/forwarded.server';
import { ADMIN_TENANT, JUPITER_TENANT, type TenantId } from './tenant';

export const LANG_COOKIE = 'lang';
const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;
const NOT_FOUND_ROUTE = '/404';
const LANG_ROUTE_PREFIX = '/[lang]';

/** Language prefixes some tenant offers; a prefix the current tenant does not offer is a 404. */
const KNOWN_LANGUAGE_PREFIXES: readonly string[] = ['en', 'fr', 'cn'];

/** Customer spec: base en and fr; jupiter en, fr and cn. */
const CUSTOMER_LANGS: readonly Lang[] = ['en', 'fr'];

// Staff pages live under /admin in English; the admin tenant serves no customer routes.
const LANGS_BY_TENANT: ReadonlyMap<TenantId, readonly Lang[]> = new Map<TenantId, readonly Lang[]>([
  [ADMIN_TENANT, []],
  [JUPITER_TENANT, ['en', 'fr', 'cn']],
]);

export type LanguageRoute =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; lang: Lang }
  | { kind: 'notFound'; lang: Lang }
  | { kind: 'passThrough' };

export interface LanguageRequest {
  pathname: string;
  tenant: TenantId;
  /** The `lang` cookie, whatever it holds. */
  storedLang?: string | undefined;
  /** Astro's matched route, e.g. `/[lang]/dashboard`; a `[lang]` route reached with no offered language is a 404. */
  routePattern?: string;
}

export function offeredLangs(tenant: TenantId): readonly Lang[] {
  return LANGS_BY_TENANT.get(tenant) ?? CUSTOMER_LANGS;
}

export function preferredLang(storedLang: string | undefined): Lang {
  return isLang(storedLang) ? storedLang : DEFAULT_LANG;
}

/** What the language middleware does with a path. */
export function languageRoute(request: LanguageRequest): LanguageRoute {
  const { pathname, tenant } = request;
  const offered = offeredLangs(tenant);
  const prefix = firstSegment(pathname);
  if (pathname === '/')
    return { kind: 'redirect', location: rootTarget(tenant, request.storedLang) };
  const lang = offered.find((candidate) => candidate === prefix);
  if (lang)
    return pathname === `/${lang}`
      ? { kind: 'redirect', location: `/${lang}/` }
      : { kind: 'page', lang };
  if (KNOWN_LANGUAGE_PREFIXES.includes(prefix)) return { kind: 'notFound', lang: DEFAULT_LANG };
  if (request.routePattern?.startsWith(LANG_ROUTE_PREFIX))
    return { kind: 'notFound', lang: DEFAULT_LANG };
  return { kind: 'passThrough' };
}

function rootTarget(tenant: TenantId, storedLang: string | undefined): string {
  if (tenant === ADMIN_TENANT) return ADMIN_HOME;
  const offered = offeredLangs(tenant);
  const preferred = preferredLang(storedLang);
  return `/${offered.includes(preferred) ? preferred : DEFAULT_LANG}/`;
}

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** The language a path is written in, for pages rendered outside the middleware's knowledge (404, 500). */
export function langOfPath(pathname: string): Lang {
  const prefix = firstSegment(pathname);
  return isLang(prefix) ? prefix : DEFAULT_LANG;
}

/** The same page in another language; a path outside the language prefixes goes to that language's home. */
export function pathInLanguage(pathname: string, lang: Lang): string {
  const prefix = firstSegment(pathname);
  if (!isLang(prefix)) return `/${lang}/`;
  const rest = pathname.slice(prefix.length + 1);
  return `/${lang}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

export const routeLanguage: MiddlewareHandler = (context, next) => {
  const route = languageRoute({
    pathname: context.url.pathname,
    tenant: context.locals.tenant,
    storedLang: context.cookies.get(LANG_COOKIE)?.value,
    routePattern: context.routePattern,
  });
  context.locals.lang =
    route.kind === 'page' || route.kind === 'notFound' ? route.lang : DEFAULT_LANG;
  switch (route.kind) {
    case 'redirect':
      return redirect(route.location + context.url.search);
    case 'page':
      rememberLang(context, route.lang);
      return next();
    case 'notFound':
      return context.routePattern === NOT_FOUND_ROUTE ? next() : next(NOT_FOUND_ROUTE);
    case 'passThrough':
      return next();
  }
};

function redirect(location: string): Response {
  // The root target depends on the cookie, so caches must key on it.
  return new Response(null, { status: 302, headers: { location, vary: 'cookie' } });
}

function rememberLang(context: APIContext, lang: Lang): void {
  if (context.cookies.get(LANG_COOKIE)?.value === lang) return;
  context.cookies.set(LANG_COOKIE, lang, {
    path: '/',
    sameSite: 'lax',
    maxAge: ONE_YEAR_IN_SECONDS,
    secure: requestIsHttps(context.request),
  });
}
