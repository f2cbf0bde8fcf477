import { canonicalEmail } from '@contracts/identity/canonical-email';

interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

interface AccountAddress {
  readonly id: string;
  readonly email: string;
  readonly createdAt: Date;
}

/** Accounts stored before addresses were canonical, grouped by the one inbox they share. */
export interface EmailCollision {
  /** The canonical form, or why the stored address has none. */
  readonly canonical: string;
  readonly accounts: readonly AccountAddress[];
}

/**
 * Accounts whose addresses name one inbox (decision 117): nothing is merged, staff decide.
 * Also lists, alone, each stored address that has no canonical form at all.
 */
export async function emailCollisions(db: Queryable): Promise<EmailCollision[]> {
  const { rows } = await db.query<{ id: string; email: string; created_at: Date }>(
    'select id, email, created_at from identity_accounts order by created_at, id',
  );
  const groups = new Map<string, AccountAddress[]>();
  for (const row of rows) {
    const canonical = canonicalEmail(row.email);
    const key = canonical.ok ? canonical.address : `(${canonical.refusal}) ${row.email}`;
    const group = groups.get(key) ?? [];
    group.push({ id: row.id, email: row.email, createdAt: row.created_at });
    groups.set(key, group);
  }
  return [...groups]
    .filter(([key, accounts]) => accounts.length > 1 || key.startsWith('('))
    .map(([canonical, accounts]) => ({ canonical, accounts }));
}
