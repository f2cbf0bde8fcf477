/** The tables the claims projection writes: what a rebuild swaps and a verify compares. */
export const CLAIMS_TABLES: readonly string[] = ['claims', 'claim_versions', 'claim_status_counts'];
