import type { Claimant } from '@contracts/claims/events';

/** The demo claimant of `npm start` (named in the README). */
export const DEMO_CUSTOMER: Claimant = {
  customerId: '018f3a10-0000-7000-8000-0000000000d0',
  email: 'marie.tremblay@example.com',
  firstName: 'Marie',
  lastName: 'Tremblay',
  dateOfBirth: '1980-04-02',
};
