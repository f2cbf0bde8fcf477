import type { Migration } from '../postgres/migrate';
import { identityChangeNoticesMigration } from './session-caches';

/**
 * The identity tables (ADR 014). Plain rows, not events: accounts and sessions are
 * current state with secrets that must be overwritten or deleted, not kept forever.
 */
export const identityMigrations: readonly Migration[] = [
  {
    id: '300-identity-accounts',
    sql: `
      create table identity_accounts (
        id uuid primary key,
        email text not null unique check (email = lower(email)),
        password_hash text not null,
        first_name text not null,
        last_name text not null,
        date_of_birth date not null,
        financial_institution text not null,
        address_line1 text not null,
        address_line2 text not null default '',
        city text not null,
        province text not null,
        postal_code text not null,
        country text not null,
        phone text not null,
        language text not null check (language in ('en', 'fr')),
        verified_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        password_changed_at timestamptz not null
      );
    `,
  },
  {
    id: '301-identity-codes-and-flows',
    sql: `
      create table identity_codes (
        purpose text not null check (purpose in ('verification', 'sign-in', 'recovery')),
        subject text not null,
        code_hash text not null,
        sent_at timestamptz not null,
        expires_at timestamptz not null,
        attempts integer not null default 0,
        used_at timestamptz,
        primary key (purpose, subject)
      );
      create index identity_codes_expiry on identity_codes (expires_at);

      create table identity_flows (
        id_hash text primary key,
        kind text not null check (kind in ('sign-in', 'recovery')),
        status text not null,
        account_id uuid references identity_accounts (id) on delete cascade,
        email text,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index identity_flows_expiry on identity_flows (expires_at);
    `,
  },
  {
    id: '302-identity-sessions',
    sql: `
      create table identity_sessions (
        id_hash text primary key,
        customer_id uuid not null references identity_accounts (id) on delete cascade,
        csrf_token text not null,
        created_at timestamptz not null,
        last_activity_at timestamptz not null,
        idle_expires_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index identity_sessions_customer on identity_sessions (customer_id);
    `,
  },
  {
    id: '303-identity-abuse-limits',
    sql: `
      create table identity_rate_counters (
        key text not null,
        window_start timestamptz not null,
        window_end timestamptz not null,
        count integer not null,
        primary key (key, window_start)
      );
      create index identity_rate_counters_end on identity_rate_counters (window_end);

      create table identity_lockouts (
        subject text primary key,
        locked_until timestamptz not null
      );
    `,
  },
  {
    // The jupiter tenant's claimants read the portal and their mails in Simplified Chinese.
    id: '304-identity-language-cn',
    sql: `
      alter table identity_accounts drop constraint identity_accounts_language_check;
      alter table identity_accounts
        add constraint identity_accounts_language_check check (language in ('en', 'fr', 'cn'));
    `,
  },
  identityChangeNoticesMigration,
  {
    // A per-session CSRF token that nothing compared: the double-submit cookie guards writes.
    id: '306-identity-sessions-drop-csrf-token',
    sql: 'alter table identity_sessions drop column csrf_token',
  },
];
