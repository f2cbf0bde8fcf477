import type { paths } from './openapi-types';

type Method = 'get' | 'put' | 'post' | 'delete';

/**
 * An operation of the generated document (contracts/api/openapi-types.ts): one of its paths and
 * a method that path answers. A call the document does not have is a type error.
 */
export type ApiCall = {
  [P in keyof paths]: {
    [M in Method]: [NonNullable<paths[P][M]>] extends [never]
      ? never
      : { readonly method: Uppercase<M>; readonly path: P };
  }[Method];
}[keyof paths];

/**
 * The API operations the customer portal's browser code may call: the spec's allow-list of
 * client calls (customer §7 "Client-side call safety"), narrowed to this portal's own origin
 * and operations. Each entry is checked against the generated paths; plain strings at run
 * time, so the browser bundle carries no schema library.
 */
export const CUSTOMER_CLIENT_CALLS = [
  { method: 'GET', path: '/api/claims' },
  { method: 'POST', path: '/api/claims' },
  { method: 'GET', path: '/api/claims/{submissionId}' },
  { method: 'GET', path: '/api/claims/{submissionId}/documents' },
  { method: 'POST', path: '/api/claims/{submissionId}/documents' },
  { method: 'GET', path: '/api/claims/{submissionId}/decision-letter' },
  { method: 'POST', path: '/api/claims/{submissionId}/decision-letter/read' },
  { method: 'GET', path: '/api/claims/draft' },
  { method: 'PUT', path: '/api/claims/draft' },
  { method: 'DELETE', path: '/api/claims/draft' },
  { method: 'POST', path: '/api/claims/draft/documents' },
  { method: 'DELETE', path: '/api/claims/draft/documents/{documentId}' },
  { method: 'POST', path: '/api/claims/draft/submit' },
  { method: 'POST', path: '/api/auth/flows' },
  { method: 'POST', path: '/api/auth/flows/{flowId}/password' },
  { method: 'POST', path: '/api/auth/flows/{flowId}/otp' },
  { method: 'POST', path: '/api/auth/recovery' },
  { method: 'POST', path: '/api/auth/recovery/{flowId}' },
  { method: 'POST', path: '/api/auth/recovery/{flowId}/resend' },
  { method: 'POST', path: '/api/auth/session/initiate' },
  { method: 'POST', path: '/api/auth/session/refresh' },
  { method: 'POST', path: '/api/auth/session/terminate' },
  { method: 'POST', path: '/api/banktech/account_creation' },
  { method: 'POST', path: '/api/banktech/setup_mfa' },
  { method: 'POST', path: '/api/banktech/verify_user' },
  { method: 'GET', path: '/api/users/me' },
  { method: 'PUT', path: '/api/users/me' },
  { method: 'POST', path: '/api/users/me/password' },
] as const satisfies readonly ApiCall[];

type CustomerCall = (typeof CUSTOMER_CLIENT_CALLS)[number];

/**
 * The generated paths narrowed to the allow-list, method by method: the customer islands'
 * typed client cannot even name an operation that is not on it.
 */
export type CustomerPaths = {
  [P in CustomerCall['path']]: Pick<paths[P], 'parameters'> & {
    [M in Method as [Extract<CustomerCall, { path: P; method: Uppercase<M> }>] extends [never]
      ? never
      : M]: paths[P][M];
  };
};
