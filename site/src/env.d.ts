/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the request-logging middleware; echoed as x-request-id. */
    requestId: string;
    /** Resolved from the host name or the /admin prefix by the tenant middleware. */
    tenant: import('./routing/tenant').TenantId;
    /** The page language from the /{lang}/ prefix (en for API and admin routes). */
    lang: import('./i18n/i18n').Lang;
    /** The customer of the request's session, set by the principal middleware only. */
    customer?: import('@contracts/claims/events').Claimant;
    /** The signed-in staff member, set by the principal middleware only. */
    staff?: import('@contracts/principals').StaffMember;
    /** The staff session's role, set with `staff` by the principal middleware (decision 062). */
    staffRole?: import('@contracts/principals').StaffRole;
    /** Why a staff session of the request serves no one (decision 118); `staff` is then unset. */
    staffRefusal?: 'ended' | 'unconfirmed';
  }
}
