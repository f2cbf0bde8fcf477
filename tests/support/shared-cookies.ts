/**
 * The cookies every context of a test shares, as one browser's would: a command's read-your-
 * writes token (decision 096) reaches the reads after it.
 */
const browserCookies = new Map<string, string>();
export const sharedCookies = {
  get: (name: string) => {
    const value = browserCookies.get(name);
    return value === undefined ? undefined : { value };
  },
  has: (name: string) => browserCookies.has(name),
  set: (name: string, value: string) => {
    browserCookies.set(name, value);
  },
  delete: (name: string) => {
    browserCookies.delete(name);
  },
};
