import { hash, verify } from '@node-rs/argon2';

// The library's defaults are argon2id, 19 MiB, 2 passes, 1 lane: OWASP's first choice.
export const hashPassword = (password: string) => hash(password);

let standInHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash, or against a stand-in hash when there is no
 * account, so an unknown email takes as long to refuse as a wrong password.
 */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  standInHash ??= hashPassword('stand-in for a missing account');
  const valid = await verify(passwordHash ?? (await standInHash), password).catch(() => false);
  return passwordHash !== undefined && valid;
}
