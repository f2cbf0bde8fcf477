/** The cookies a test client holds: what Set-Cookie gave it, sent back as one header. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** The Cookie header, or undefined while the jar is empty. */
  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One Set-Cookie line: an empty value or an expiry in the past deletes the cookie. */
  store(line: string): void {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
    if (expired || value === '') this.#cookies.delete(name);
    else this.#cookies.set(name, value);
  }
}
