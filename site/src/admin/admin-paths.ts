/** The staff portal's home: the claim search (staff spec §2). */
export const ADMIN_HOME = '/admin/dashboard';
/** Starts staff sign-in with the OpenID Provider (staff spec §2: "starts admin login"). */
export const STAFF_SIGN_IN = '/api/auth/init';
/** A claim's audit export as a JSON file, and as a printable page (decision 063). */
export const AUDIT_REPORT_PAGE = '/admin/audit-report';
export const auditExportUrl = (submissionId: string) =>
  `/api/admin/claims/${encodeURIComponent(submissionId)}/audit-export`;
export const auditReportUrl = (submissionId: string) =>
  `${AUDIT_REPORT_PAGE}?id=${encodeURIComponent(submissionId)}`;
