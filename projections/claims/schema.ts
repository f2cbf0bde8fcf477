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

/** Staff amendments, decision letters and documents (issue: claim rules). */
export const claimsDocumentsAndAmendmentsMigration = {
  id: '120-claims-documents-and-amendments',
  sql: `
    alter table claims
      add column eob_path text,
      add column decision_letter jsonb,
      add column initial_documents jsonb not null default '[]'::jsonb,
      add column initial_document_count integer not null default 0,
      add column initial_document_total_size bigint not null default 0,
      add column additional_documents jsonb not null default '[]'::jsonb,
      add column additional_document_count integer not null default 0,
      add column additional_document_total_size bigint not null default 0,
      add column updated_by text;
    create index claims_claim_number on claims (claim_number) where claim_number is not null;
  `,
};
