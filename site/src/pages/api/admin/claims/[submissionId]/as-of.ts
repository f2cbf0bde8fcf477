import { z } from 'zod';
import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { readClaimStream } from '@services/claims/claim-stream';
import { claimAsOf } from '@services/claims/claim-timeline';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { parseWith } from '@site/lib/request-body.server';

export const prerender = false;

const asOfQuerySchema = z.object({ at: z.iso.datetime({ offset: true, error: 'invalidFormat' }) });

/**
 * The claim as it stood at an instant (the Audit tab): its events up to that moment folded,
 * with the version reached; `claim` is null before the claim existed.
 */
export const GET = apiRoute(async ({ locals, params, url }) => {
  requireStaff(locals);
  const { at } = parseWith(asOfQuerySchema, Object.fromEntries(url.searchParams));
  const { eventStore } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const { recorded } = await readClaimStream(eventStore, submissionId);
  if (recorded.length === 0) throw new NotFoundError(`Claim ${submissionId} not found`);
  const { state, revision } = claimAsOf(recorded, new Date(at));
  return json({
    submissionId,
    at,
    version: revision === undefined ? null : Number(revision) + 1,
    claim: revision === undefined ? null : state,
  });
});
