import type { Claimant } from '@contracts/claims/events';

/** The demo claimant of `npm start` (named in the README). */
export const DEMO_CUSTOMER: Claimant = {
  customerId: 'demo-customer-0001',
  email: 'marie.tremblay@example.com',
  firstName: 'Marie',
  lastName: 'Tremblay',
  dateOfBirth: '1980-04-02',
};
