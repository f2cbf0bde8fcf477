export const claimsReadModelMigration = {
  id: '110-claims-read-model',
  sql: `
    create table claims (
      submission_id uuid primary key,
      customer_id text not null,
      email text not null,
      first_name text not null,
      last_name text not null,
      date_of_birth date not null,
      claim_number text,
      confirmation_number text not null,
      policy_number text not null,
      product_code text not null,
      product_type text not null,
      claim_type text not null,
      claim_description text not null default '',
      benefit_amount numeric(12, 2) not null default 0,
      status text not null,
      additional_reason text,
      first_payment_date date,
      last_payment_date date,
      payment_count integer not null default 0,
      monthly_payment numeric(12, 2) not null default 0,
      decision_letter_read boolean not null default true,
      org_id text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version integer not null
    );
    create index claims_customer_newest on claims (customer_id, created_at desc, submission_id desc);
  `,
};
