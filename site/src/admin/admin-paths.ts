/** The staff portal's home: the claim search (staff spec §2). */
export const ADMIN_HOME = '/admin/dashboard';
/** Starts staff sign-in with the OpenID Provider (staff spec §2: "starts admin login"). */
export const STAFF_SIGN_IN = '/api/auth/init';
