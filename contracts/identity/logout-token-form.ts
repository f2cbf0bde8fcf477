import { z } from 'zod';

/**
 * OpenID Connect Back-Channel Logout 1.0 §2.5: the provider posts `logout_token`, a signed JWT
 * (three base64url parts), as application/x-www-form-urlencoded.
 */
const LOGOUT_TOKEN_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$';

export const logoutTokenFormSchema = z.object({
  logout_token: z.string().regex(new RegExp(LOGOUT_TOKEN_PATTERN)).max(16_384),
});
