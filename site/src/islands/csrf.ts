const cookie = (name: string) =>
  document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`))?.[1];

/**
 * The header every non-safe API call carries: the value of the CSRF cookie, `__Host-csrf_token`
 * under https (preferred: a plain one may be left over from before TRUST_PROXY was set).
 */
export function csrfHeaders(): Record<string, string> {
  const token = cookie('__Host-csrf_token') ?? cookie('csrf_token');
  return token ? { 'x-csrf-token': decodeURIComponent(token) } : {};
}
