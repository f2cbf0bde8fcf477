import type { AccountStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';
import { ACCOUNT_COLUMNS, type AccountRow, toAccount } from './account-rows';

/** Accounts and their credentials, on Postgres. */
export function createPostgresAccountStore(db: SqlClient): AccountStore {
  const first = async <Row>(text: string, values: readonly unknown[]) =>
    (await db.query<Row>(text, values)).rows[0];

  return {
    async createAccount(account) {
      const { rowCount } = await db.query(
        `insert into identity_accounts (id, email, password_hash, first_name, last_name,
           date_of_birth, financial_institution, address_line1, address_line2, city, province,
           postal_code, country, phone, language, created_at, updated_at, password_changed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16)
         on conflict (email) do nothing`,
        [
          account.id,
          account.email,
          account.passwordHash,
          account.firstName,
          account.lastName,
          account.dateOfBirth,
          account.financialInstitution,
          account.addressLine1,
          account.addressLine2,
          account.city,
          account.province,
          account.postalCode,
          account.country,
          account.phone,
          account.language,
          account.createdAt,
        ],
      );
      return rowCount === 1 ? 'created' : 'exists';
    },

    async findAccountByEmail(email) {
      const row = await first<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from identity_accounts where email = $1`,
        [email],
      );
      return row && toAccount(row);
    },

    async findAccountById(id) {
      const row = await first<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from identity_accounts where id = $1`,
        [id],
      );
      return row && toAccount(row);
    },

    async markAccountVerified(id, at) {
      await db.query(
        `update identity_accounts set verified_at = coalesce(verified_at, $2), updated_at = $2
         where id = $1`,
        [id, at],
      );
    },

    async updateAccountProfile(id, profile, at) {
      const row = await first<AccountRow>(
        `update identity_accounts set date_of_birth = $2, address_line1 = $3, address_line2 = $4,
           city = $5, province = $6, postal_code = $7, country = $8, phone = $9, language = $10,
           updated_at = $11
         where id = $1 returning ${ACCOUNT_COLUMNS}`,
        [
          id,
          profile.dateOfBirth,
          profile.addressLine1,
          profile.addressLine2,
          profile.city,
          profile.province,
          profile.postalCode,
          profile.country,
          profile.phone,
          profile.language,
          at,
        ],
      );
      return row && toAccount(row);
    },

    async replacePassword(id, passwordHash, at) {
      // One statement, so no session outlives the password it was opened with.
      const row = await first<{ ended: number }>(
        `with ended as (delete from identity_sessions where customer_id = $1 returning 1),
              changed as (
                update identity_accounts
                set password_hash = $2, password_changed_at = $3, updated_at = $3
                where id = $1 returning 1)
         select (select count(*) from ended)::int as ended, (select count(*) from changed)::int as changed`,
        [id, passwordHash, at],
      );
      return { endedSessions: row?.ended ?? 0 };
    },
  };
}
