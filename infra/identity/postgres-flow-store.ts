import type { FlowRecord, FlowStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';

interface FlowRow {
  id_hash: string;
  kind: FlowRecord['kind'];
  status: FlowRecord['status'];
  account_id: string | null;
  email: string | null;
  created_at: Date;
  expires_at: Date;
}

const toFlow = (row: FlowRow): FlowRecord => ({
  idHash: row.id_hash,
  kind: row.kind,
  status: row.status,
  accountId: row.account_id,
  email: row.email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** Sign-in and recovery flows, on Postgres. */
export function createPostgresFlowStore(db: SqlClient): FlowStore {
  const first = async <Row>(text: string, values: readonly unknown[]) =>
    (await db.query<Row>(text, values)).rows[0];

  return {
    async createFlow(flow) {
      await db.query(
        `insert into identity_flows (id_hash, kind, status, account_id, email, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          flow.idHash,
          flow.kind,
          flow.status,
          flow.accountId,
          flow.email,
          flow.createdAt,
          flow.expiresAt,
        ],
      );
    },

    async findFlow(idHash) {
      const row = await first<FlowRow>('select * from identity_flows where id_hash = $1', [idHash]);
      return row && toFlow(row);
    },

    async advanceFlow(idHash, from, to) {
      const { rowCount } = await db.query(
        `update identity_flows set status = $3, account_id = coalesce($4, account_id)
         where id_hash = $1 and status = $2`,
        [idHash, from, to.status, to.accountId ?? null],
      );
      return rowCount === 1;
    },

    async takeFlow(idHash, status, now) {
      const row = await first<FlowRow>(
        `delete from identity_flows where id_hash = $1 and status = $2 and expires_at > $3
         returning *`,
        [idHash, status, now],
      );
      return row && toFlow(row);
    },
  };
}

export async function pruneExpiredFlows(db: SqlClient, now: Date): Promise<void> {
  await db.query('delete from identity_flows where expires_at <= $1', [now]);
}
