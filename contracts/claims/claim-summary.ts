import type { z } from 'zod';
import type { claimSummarySchema } from './claim-summary-schema';

/** One of a customer's claims (GET /api/claims): what the dashboard and the claim details show. */
export type ClaimSummary = z.infer<typeof claimSummarySchema>;
