import { API_ENDPOINTS } from '@contracts/api/endpoints';

/** API paths served beside the documented operations. */
const UNDOCUMENTED: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'GET', path: '/api/openapi.json' },
];

const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];

const templateRegex = (path: string) =>
  new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);

interface ApiRoute {
  readonly pattern: RegExp;
  /** Path parameters: a fixed segment wins over a parameter, as in Astro's routing. */
  readonly params: number;
  readonly methods: readonly string[];
}

const API_ROUTES: readonly ApiRoute[] = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of [...API_ENDPOINTS, ...UNDOCUMENTED]) {
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: templateRegex(path),
    params: path.split('{').length - 1,
    methods: [...methods],
  }));
})();

/**
 * The methods a path answers: the API operation's (from contracts/api/endpoints.ts), GET
 * and HEAD for pages and files; undefined for a path under /api/ that names no operation.
 */
export function allowedMethods(pathname: string): readonly string[] | undefined {
  if (!pathname.startsWith('/api/')) return PAGE_METHODS;
  const path = pathname.length > 5 ? pathname.replace(/\/+$/, '') : pathname;
  const matches = API_ROUTES.filter((route) => route.pattern.test(path));
  const fewest = Math.min(...matches.map((route) => route.params));
  const methods = matches.filter((route) => route.params === fewest).flatMap((r) => r.methods);
  return methods.length > 0 ? [...new Set(methods)] : undefined;
}

export const allowHeader = (methods: readonly string[]) => methods.join(', ');
