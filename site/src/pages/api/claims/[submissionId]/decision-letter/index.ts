import { getRuntime } from '@infra/runtime';
import { readDecisionLetter } from '@services/claims/read-decision-letter';
import { requestLanguage } from '@site/lib/api-language.server';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireCustomer } from '@site/lib/guards.server';
import { customerLetterName, letterResponse } from '@site/lib/pdf-response.server';

export const prerender = false;

/**
 * Downloads the decision letter of one of the signed-in customer's claims: its rendition,
 * checked against its recorded sha256 (decision 127).
 */
export const GET = apiRoute(async (context) => {
  const { locals, params } = context;
  const claimant = requireCustomer(locals);
  const runtime = await getRuntime();
  const letter = await readDecisionLetter(
    runtime,
    params.submissionId ?? '',
    { claimant },
    commandContext(context, { kind: 'customer', id: claimant.customerId, email: claimant.email }),
  );
  return letterResponse(
    letter,
    customerLetterName(letter.confirmationNumber, requestLanguage(context)),
  );
});
