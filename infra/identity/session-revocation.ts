import { emailLookupKey } from '@contracts/identity/canonical-email';

interface Queryable {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
}

export type SessionKind = 'customer' | 'staff';

/** A live session as staff may see it: never its id or hash. */
export interface ListedSession {
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly role?: string;
}

/**
 * A customer's sessions by the account's canonical address; a staff member's by the address
 * the provider named (stored lower-cased). Deleting the rows ends them on every portal
 * process at once: the tables' triggers announce each delete and every process drops its
 * cached copy (decision 086).
 */
const QUERIES: Record<SessionKind, { key: (email: string) => string; from: string }> = {
  customer: {
    key: emailLookupKey,
    from: `identity_sessions s join identity_accounts a on a.id = s.customer_id
           where a.email = $1`,
  },
  staff: {
    key: (email) => email.trim().toLowerCase(),
    from: 'staff_sessions s where s.email = $1',
  },
};

export async function listSessions(
  db: Queryable,
  email: string,
  kind: SessionKind,
): Promise<ListedSession[]> {
  const { key, from } = QUERIES[kind];
  const seen = kind === 'customer' ? 's.last_activity_at' : 's.last_validated_at';
  const role = kind === 'staff' ? ', s.role' : '';
  const { rows } = await db.query<{
    created_at: Date;
    seen_at: Date;
    expires_at: Date;
    role?: string;
  }>(
    `select s.created_at, ${seen} as seen_at, s.expires_at${role} from ${from}
     order by s.created_at`,
    [key(email)],
  );
  return rows.map((row) => ({
    createdAt: row.created_at,
    lastSeenAt: row.seen_at,
    expiresAt: row.expires_at,
    ...(row.role ? { role: row.role } : {}),
  }));
}

/** Ends every session of the person; returns how many there were. */
export async function revokeSessions(
  db: Queryable,
  email: string,
  kind: SessionKind,
): Promise<number> {
  const { key } = QUERIES[kind];
  const { rowCount } =
    kind === 'customer'
      ? await db.query(
          `delete from identity_sessions s using identity_accounts a
           where a.id = s.customer_id and a.email = $1`,
          [key(email)],
        )
      : await db.query('delete from staff_sessions where email = $1', [key(email)]);
  return rowCount ?? 0;
}
