/** The spec's public routes (customer file §2), the error pages aside (they answer 4xx). */
export const PUBLIC_PAGES = [
  '',
  'add-user',
  'mfa',
  'forgot-password',
  'reset-password',
  'declaration-and-authorization',
  'faq',
  'contact-us',
] as const;

/** The signed-in pages Lighthouse and the layout-shift guard measure. */
export const SIGNED_IN_PAGES = ['dashboard', 'add-claim', 'profile'] as const;
