import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('verifyPassword', () => {
  it('given the right password, then true; a wrong one, then false', async () => {
    const stored = await hashPassword('Right#Pass1');
    expect(await verifyPassword(stored, 'Right#Pass1')).toBe(true);
    expect(await verifyPassword(stored, 'Wrong#Pass1')).toBe(false);
  });

  it('given no account, when even the stand-in’s own password is sent, then false', async () => {
    expect(await verifyPassword(undefined, 'stand-in for a missing account')).toBe(false);
  });

  it('given a stored hash that is not an argon2 hash, then false, not an error', async () => {
    expect(await verifyPassword('not an argon2 hash', 'Right#Pass1')).toBe(false);
  });
});
