/** Valid identity request bodies for tests, as a browser would send them. */

export const VALID_PASSWORD = 'Secure#Pass1';

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Marie-Ève',
    lastName: "O'Brien",
    dateOfBirth: '1980-04-02',
    financialInstitution: 'Banque Exemple',
    addressLine1: '123 rue Principale',
    addressLine2: 'App. 4',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2X 1Y4',
    country: 'Canada',
    phone: '(514) 555-0100',
    email: 'marie.obrien@example.test',
    password: VALID_PASSWORD,
    reenterPassword: VALID_PASSWORD,
    termsAccepted: true,
    language: 'en',
    ...overrides,
  };
}

export function profileUpdateBody(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    dateOfBirth: '1980-04-02',
    addressLine1: '456 boulevard Saint-Laurent',
    addressLine2: '',
    city: 'Québec',
    province: 'QC',
    postalCode: 'G1R 4P5',
    country: 'Canada',
    phone: '1-418-555-0199',
    ...overrides,
  };
}
