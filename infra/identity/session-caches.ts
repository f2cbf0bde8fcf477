import type pg from 'pg';
import { dedicatedClient } from '../postgres/checkout-bound';

/** Where the identity tables' triggers announce a changed or deleted session or account. */
export const IDENTITY_CHANGES_CHANNEL = 'identity_changed';

/** A cached session is read again after this long even if no change notice came. */
const ENTRY_LIFETIME_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** A lost listener is connected again on a later lookup, at most this often. */
const RECONNECT_AFTER_MS = 1_000;

/**
 * Sessions read on every signed-in request, kept in memory only while this process hears
 * the identity tables' change notices (decision 086): a trigger NOTIFYs every update or
 * delete of a customer session, an account or a staff session, from any process or from
 * plain SQL, and this process also drops an entry itself when it writes. Without a live
 * listener nothing is cached or served from the cache.
 */
export class NoticedCache<V> {
  readonly #entries = new Map<string, { readonly value: V; readonly at: number }>();
  /** Moves on every eviction: a read that began before one must not store what it read. */
  #generation = 0;

  constructor(private readonly live: () => boolean) {}

  async get(
    key: string,
    load: () => Promise<V | undefined>,
    usable: (value: V) => boolean = () => true,
  ): Promise<V | undefined> {
    const live = this.live();
    const hit = live ? this.#entries.get(key) : undefined;
    if (hit && performance.now() - hit.at < ENTRY_LIFETIME_MS && usable(hit.value))
      return hit.value;
    const generation = this.#generation;
    const value = await load();
    if (value !== undefined && live && this.live() && generation === this.#generation)
      this.#store(key, value);
    return value;
  }

  evict(key: string): void {
    this.#generation += 1;
    this.#entries.delete(key);
  }

  evictWhere(matches: (value: V) => boolean): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  #store(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, at: performance.now() });
  }
}

/** What the caches hold: enough to drop every session of an account when the account changes. */
export interface CachedCustomerSession {
  readonly session: { readonly customerId: string };
}

export interface SessionCaches<
  C extends CachedCustomerSession = CachedCustomerSession,
  S = unknown,
> {
  /** Customer sessions with their accounts, by session id hash. */
  readonly customer: NoticedCache<C>;
  /** Staff sessions, by session id hash. */
  readonly staff: NoticedCache<S>;
  close(): Promise<void>;
}

/**
 * Both caches and the one connection that listens for change notices. Notices: `s:<hash>`
 * a customer session, `a:<id>` an account (all its sessions), `t:<hash>` a staff session;
 * anything else drops everything.
 */
export function createSessionCaches<C extends CachedCustomerSession, S>(
  pool: pg.Pool,
): SessionCaches<C, S> {
  let listener: pg.Client | undefined;
  let connecting = false;
  let closed = false;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  const live = () => {
    if (!listener && !connecting && !closed) connect();
    return listener !== undefined;
  };
  const customer = new NoticedCache<C>(live);
  const staff = new NoticedCache<S>(live);

  function heard(payload: string): void {
    const key = payload.slice(2);
    if (payload.startsWith('s:')) customer.evict(key);
    else if (payload.startsWith('a:')) customer.evictWhere((c) => c.session.customerId === key);
    // A staff session's id hash is bytea, which to_jsonb spells `\x<hex>`.
    else if (payload.startsWith('t:')) staff.evict(key.replace(/^\\x/, ''));
    else forgetAll();
  }

  function forgetAll(): void {
    customer.clear();
    staff.clear();
  }

  const gone = new WeakSet<pg.Client>();
  function lost(client: pg.Client): void {
    if (gone.has(client)) return;
    gone.add(client);
    if (listener === client) listener = undefined;
    forgetAll();
    void client.end().catch(() => {});
  }

  function connect(): void {
    if (performance.now() - lastAttempt < RECONNECT_AFTER_MS) return;
    lastAttempt = performance.now();
    connecting = true;
    const client = dedicatedClient(pool, { keepAlive: true });
    client.on('notification', ({ payload = '' }) => heard(payload));
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    void (async () => {
      try {
        await client.connect();
        await client.query(`listen ${IDENTITY_CHANGES_CHANNEL}`);
        if (closed) throw new Error('closed');
        // Whatever was cached before this listener heard anything may have changed unheard.
        forgetAll();
        listener = client;
      } catch {
        lost(client);
      } finally {
        connecting = false;
      }
    })();
  }

  return {
    customer,
    staff,
    async close() {
      closed = true;
      const current = listener;
      listener = undefined;
      forgetAll();
      await current?.end().catch(() => {});
    },
  };
}

/** Announces an updated or deleted row: `<tg_argv[0]>:<its id_hash, or its id>`. */
const changeNoticeFunction = `
  create or replace function identity_change_notice() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${IDENTITY_CHANGES_CHANNEL}', tg_argv[0] || ':' ||
      coalesce(to_jsonb(old) ->> 'id_hash', to_jsonb(old) ->> 'id'));
    return null;
  end $$;
`;

/** Every update or delete of a customer session or an account is announced. */
export const identityChangeNoticesMigration = {
  id: '305-identity-change-notices',
  sql: `${changeNoticeFunction}
    create trigger identity_sessions_changed after update or delete on identity_sessions
      for each row execute function identity_change_notice('s');
    create trigger identity_accounts_changed after update or delete on identity_accounts
      for each row execute function identity_change_notice('a');
  `,
};

/** Every update or delete of a staff session is announced. */
export const staffSessionChangeNoticesMigration = {
  id: '220-staff-session-change-notices',
  sql: `${changeNoticeFunction}
    create trigger staff_sessions_changed after update or delete on staff_sessions
      for each row execute function identity_change_notice('t');
  `,
};
