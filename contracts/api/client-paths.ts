/**
 * The API operations the customer portal's browser code may call: the spec's allow-list of
 * client calls (customer §7 "Client-side call safety"), narrowed to this portal's own origin
 * and operations. Plain strings, so the browser bundle carries no schema library; a test keeps
 * each one an operation of contracts/api/endpoints.ts.
 */
export const CUSTOMER_CLIENT_CALLS: readonly { method: string; path: string }[] = [
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
];
