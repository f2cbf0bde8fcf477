import { CLAIM_ENDPOINTS } from './claim-endpoints';
import type { ApiEndpoint } from './endpoint-shape';
import { IDENTITY_ENDPOINTS } from './identity-endpoints';
import { STAFF_CLAIM_ENDPOINTS } from './staff-claim-endpoints';

export type { ApiEndpoint } from './endpoint-shape';

/** Every endpoint of the HTTP API, by feature; a test checks it against the route files. */
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  ...CLAIM_ENDPOINTS,
  ...STAFF_CLAIM_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
];

/** The paths of signed server-to-server forms: the edge asks them for no CSRF token or Origin. */
export const SIGNED_FORM_PATHS: ReadonlySet<string> = new Set(
  API_ENDPOINTS.filter((endpoint) => endpoint.signedForm).map((endpoint) => endpoint.path),
);
