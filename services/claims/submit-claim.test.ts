import { describe, expect, it } from 'vitest';
import { confirmationNumberFor } from './submit-claim';

describe('the confirmation number', () => {
  it('is ten Crockford base-32 characters of the submission id’s SHA-256, lowest bits first, in two groups of five', () => {
    // Worked out apart from the code: the first 7 bytes of the digest, 5 bits at a time.
    expect(confirmationNumberFor('0190f1c2-0000-7000-8000-000000000001')).toBe('ZK1SH-80KSR');
    expect(confirmationNumberFor('0190f1c2-0000-7000-8000-000000000002')).toBe('A2KWT-QGX81');
  });
});
