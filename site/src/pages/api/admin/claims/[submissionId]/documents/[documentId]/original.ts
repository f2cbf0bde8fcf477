import { apiRoute } from '@site/lib/api-route.server';
import { serveClaimDocumentToStaff } from '@site/lib/staff-claim-document.server';

export const prerender = false;

/** "Download original" (decision 127): the sealed original, only ever as an attachment. */
export const GET = apiRoute((context) => serveClaimDocumentToStaff(context, 'original'));
