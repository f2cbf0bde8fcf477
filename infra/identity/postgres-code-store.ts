import type { CodeRecord, CodeStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';

/** One-time codes, on Postgres. */
export function createPostgresCodeStore(db: SqlClient): CodeStore {
  const first = async <Row>(text: string, values: readonly unknown[]) =>
    (await db.query<Row>(text, values)).rows[0];

  return {
    async saveCode(code) {
      await db.query(
        `insert into identity_codes (purpose, subject, code_hash, sent_at, expires_at)
         values ($1, $2, $3, $4, $5)
         on conflict (purpose, subject) do update set code_hash = excluded.code_hash,
           sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0,
           used_at = null`,
        [code.purpose, code.subject, code.codeHash, code.sentAt, code.expiresAt],
      );
    },

    async findCode(purpose, subject) {
      const row = await first<{
        code_hash: string;
        sent_at: Date;
        expires_at: Date;
        attempts: number;
        used_at: Date | null;
      }>(
        `select code_hash, sent_at, expires_at, attempts, used_at from identity_codes
         where purpose = $1 and subject = $2`,
        [purpose, subject],
      );
      if (!row) return undefined;
      const record: CodeRecord = {
        purpose,
        subject,
        codeHash: row.code_hash,
        sentAt: row.sent_at,
        expiresAt: row.expires_at,
        attempts: row.attempts,
        usedAt: row.used_at,
      };
      return record;
    },

    async tryCode({ purpose, subject, codeHash, now, maxAttempts }) {
      // The attempt is counted and the code used up in the same row update, so two
      // concurrent tries can neither both succeed nor exceed the attempts.
      const row = await first<{ accepted: boolean }>(
        `update identity_codes
         set attempts = attempts + 1,
             used_at = case when code_hash = $3 then $4::timestamptz else null end
         where purpose = $1 and subject = $2 and used_at is null and expires_at > $4
           and attempts < $5
         returning used_at is not null as accepted`,
        [purpose, subject, codeHash, now, maxAttempts],
      );
      if (row) return row.accepted ? 'accepted' : 'wrong';
      // Nothing spent: say why, so that the right code sent twice is not called a failure.
      const spent = await first<{ used: boolean; expired: boolean }>(
        `select used_at is not null and code_hash = $3 as used, expires_at <= $4 as expired
         from identity_codes where purpose = $1 and subject = $2`,
        [purpose, subject, codeHash, now],
      );
      if (spent?.used) return 'used';
      if (spent?.expired) return 'expired';
      return 'unavailable';
    },
  };
}

export async function pruneExpiredCodes(db: SqlClient, now: Date): Promise<void> {
  await db.query('delete from identity_codes where expires_at <= $1', [now]);
}
