import type { MiddlewareHandler } from 'astro';
import { getConfig } from '@infra/config/config';
import { t } from '@site/i18n/i18n';

export type TenantId = 'base' | 'admin' | (string & {});

export const BASE_TENANT = 'base';
export const ADMIN_TENANT = 'admin';
/** The client tenant that offers Chinese (customer spec: "jupiter en, fr and cn"). */
export const JUPITER_TENANT = 'jupiter';

const SERVED_TENANTS: ReadonlySet<TenantId> = new Set([BASE_TENANT, ADMIN_TENANT, JUPITER_TENANT]);
const BASE_HOST_LABELS: ReadonlySet<string> = new Set(['', 'www', BASE_TENANT]);
const ADMIN_PATH = /^\/admin(?:\/|$)/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The tenant of a request: the /admin prefix, else the host label just left of the suffix
 * (`jupiter.claims.example.com` → jupiter). Hosts outside the suffix are the base tenant.
 */
export function tenantFromRequest(host: string, pathname: string, hostSuffix?: string): TenantId {
  if (ADMIN_PATH.test(pathname)) return ADMIN_TENANT;
  if (!hostSuffix) return BASE_TENANT;
  return tenantFromHostName(hostNameOf(host), hostSuffix.toLowerCase().replace(/^\.+|\.+$/g, ''));
}

export function isServedTenant(tenant: TenantId): boolean {
  return SERVED_TENANTS.has(tenant);
}

function hostNameOf(host: string): string {
  const lowered = host.trim().toLowerCase();
  if (lowered.startsWith('[')) return lowered.slice(0, lowered.indexOf(']') + 1);
  return lowered.replace(/:\d*$/, '').replace(/\.$/, '');
}

function tenantFromHostName(hostName: string, suffix: string): TenantId {
  if (IPV4.test(hostName) || hostName.startsWith('[')) return BASE_TENANT;
  if (!suffix || !hostName.endsWith(`.${suffix}`)) return BASE_TENANT;
  // The label nearest the suffix names the tenant, so www.jupiter.… is still jupiter.
  const subdomain = hostName.slice(0, -(suffix.length + 1));
  const label = subdomain.slice(subdomain.lastIndexOf('.') + 1);
  if (label === ADMIN_TENANT) return ADMIN_TENANT;
  return BASE_HOST_LABELS.has(label) ? BASE_TENANT : label;
}

export const resolveTenant: MiddlewareHandler = (context, next) => {
  const host = context.request.headers.get('host') ?? context.url.host;
  const tenant = tenantFromRequest(host, context.url.pathname, getConfig().TENANT_HOST_SUFFIX);
  context.locals.tenant = tenant;
  return isServedTenant(tenant) ? next() : tenantNotAvailable();
};

// Standalone on purpose: the layout and pages belong to served tenants only.
function tenantNotAvailable(): Response {
  const title = t('en', 'tenant.notAvailable.title');
  const message = t('en', 'tenant.notAvailable.message');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#1b1f24;background:#f4f6f8}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .75rem}</style></head>
<body><main><h1>${title}</h1><p>${message}</p></main></body>
</html>`;
  return new Response(html, {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
