/**
 * The claims columns that hold identifiers, searched by equality and sorted only as codes,
 * compared byte by byte (`COLLATE "C"`) instead of through the database's locale. Equality
 * is the same under any deterministic collation; under the embedded cluster's C.UTF-8, which
 * orders by code point, so is every sort. Their index builds take a third to a half less
 * time (a rebuild's finish phase builds them from scratch; issue 30, decision 093).
 *
 * Changing only the collation rewrites no row; Postgres rebuilds the indexes on these columns.
 */
export const identifierCollationMigration = {
  id: '149-claims-identifiers-in-c-collation',
  sql: `
    alter table claims
      alter column email type text collate "C",
      alter column customer_id type text collate "C",
      alter column confirmation_number type text collate "C",
      alter column claim_number type text collate "C";
  `,
};
