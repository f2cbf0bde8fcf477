import { logoutTokenFormSchema } from '@contracts/identity/logout-token-form';
import { ValidationError } from '@contracts/errors';
import { endSessionsOfSubject, InvalidLogoutToken } from '@infra/oidc/backchannel-logout';
import { apiRoute } from '@site/lib/api-route.server';
import { staffAuth } from '@site/lib/staff-auth.server';

export const prerender = false;

const refused = new ValidationError([{ field: 'logout_token', code: 'logoutTokenRefused' }]);

/**
 * OpenID Connect Back-Channel Logout 1.0: the provider posts a signed logout token; every
 * staff session of its subject ends on every portal process (decision 104).
 */
export const POST = apiRoute(async ({ request }) => {
  const form = await request.formData().catch(() => undefined);
  const parsed = logoutTokenFormSchema.safeParse({ logout_token: form?.get('logout_token') });
  if (!parsed.success) throw refused;
  const { pool, signIn } = await staffAuth();
  const subject = await signIn
    .loggedOut(parsed.data.logout_token, new Date())
    .catch((error: unknown) => {
      if (error instanceof InvalidLogoutToken) throw refused;
      throw error;
    });
  await endSessionsOfSubject(pool, subject);
  return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
});
