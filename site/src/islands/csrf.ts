/** The header every non-safe API call carries: the value of the csrf_token cookie (`__Host-` under https). */
export function csrfHeaders(): Record<string, string> {
  const match = document.cookie.match(/(?:^|;\s*)(?:__Host-)?csrf_token=([^;]+)/);
  return match?.[1] ? { 'x-csrf-token': decodeURIComponent(match[1]) } : {};
}
