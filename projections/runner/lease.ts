import type { SqlClient } from './sql';

/** The SQLSTATE `lease_fence` raises: this holder's token is no longer the lease's. */
const FENCED_OUT = 'LF001';

/**
 * One row per elected role (decision 112): who holds it, until when by Postgres's clock, and
 * a fencing token that grows with each new holder. `lease_fence` is what every write of the
 * role calls in its own transaction: it share-locks the row only while the token is current
 * and raises otherwise, so a holder that lost the lease (frozen, then woken) writes nothing,
 * and a new holder cannot take the lease while a write of the old one is in flight.
 */
export const leaseMigration = {
  id: '112-leases',
  sql: `
    create table leases (
      name text primary key,
      holder text not null,
      token bigint not null,
      expires_at timestamptz not null
    );
    create function lease_fence(p_name text, p_token bigint) returns boolean
    language plpgsql as $$
    begin
      perform from leases where name = p_name and token = p_token for share;
      if not found then
        raise exception using errcode = '${FENCED_OUT}',
          message = format('lease %s: token %s is no longer current', p_name, p_token);
      end if;
      return true;
    end
    $$;
  `,
};

/** A write refused because its lease moved on (by the database) or ran out (by this holder's clock). */
class LeaseLostError extends Error {
  constructor(readonly lease: string) {
    super(`lease ${lease} is no longer held by this worker`);
    this.name = 'LeaseLostError';
  }
}

export function isLeaseLost(error: unknown): boolean {
  if (error instanceof LeaseLostError) return true;
  return (error as { code?: unknown } | null)?.code === FENCED_OUT;
}

/** What a holder's writes carry: the lease, its token, and whether its own clock still trusts it. */
export interface Fence {
  readonly lease: string;
  readonly token: bigint;
  /** The holder's transactions end at most this long after they go idle (a frozen holder's locks). */
  readonly ttlMs: number;
  /** False once the last renewal is older than the TTL less a margin, by a monotonic clock. */
  held(): boolean;
}

/** Throws before any write when the holder's own clock says the lease may have run out. */
export function assertHeld(fence: Fence | undefined): void {
  if (fence && !fence.held()) throw new LeaseLostError(fence.lease);
}

const NAME = /^[a-z][a-z0-9_:-]*$/;

function leaseLiteral(name: string): string {
  if (!NAME.test(name)) throw new Error(`not a lease name: ${name}`);
  return `'${name}'`;
}

/**
 * The statements that open a fenced transaction, for a query string of several statements
 * (values as literals): the token checked and the lease row share-locked first, and the
 * transaction bounded by the TTL, so a holder frozen inside it lets go soon after its lease.
 */
export function fencedBegin(fence: Fence, more = ''): string {
  return `begin; ${more}
    set local idle_in_transaction_session_timeout = ${Math.max(1, Math.ceil(fence.ttlMs))};
    select lease_fence(${leaseLiteral(fence.lease)}, ${BigInt(fence.token)});`;
}

const ttl = (ttlMs: number) => `clock_timestamp() + ${Math.ceil(ttlMs)} * interval '1 millisecond'`;

/**
 * Takes the lease if it is free or expired (by Postgres's clock, so skewed hosts agree), with
 * the next token in the same statement; undefined while someone holds it. A row locked by a
 * write in flight is skipped, never waited for.
 */
export async function acquireLease(
  client: SqlClient,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<bigint | undefined> {
  leaseLiteral(name);
  await client.query(
    `insert into leases (name, holder, token, expires_at) values ($1, '', 0, '-infinity')
     on conflict do nothing`,
    [name],
  );
  const { rows } = await client.query<{ token: string }>(
    `with free as (
       select name from leases where name = $1 and expires_at < clock_timestamp()
       for update skip locked
     )
     update leases set holder = $2, token = leases.token + 1, expires_at = ${ttl(ttlMs)}
     from free where leases.name = free.name
     returning leases.token`,
    [name, holder],
  );
  return rows[0] ? BigInt(rows[0].token) : undefined;
}

/** Extends the lease by a TTL from now; false when the token is no longer current (taken over). */
export async function renewLease(
  client: SqlClient,
  name: string,
  token: bigint,
  ttlMs: number,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update leases set expires_at = ${ttl(ttlMs)} where name = $1 and token = $2`,
    [name, token.toString()],
  );
  return rowCount === 1;
}

/** A holder that stops cleanly frees the lease at once: a standby need not wait out the TTL. */
export async function releaseLease(client: SqlClient, name: string, token: bigint): Promise<void> {
  await client.query(`update leases set expires_at = '-infinity' where name = $1 and token = $2`, [
    name,
    token.toString(),
  ]);
}
