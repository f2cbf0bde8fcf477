import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque secret for the browser (flow and session ids, CSRF tokens): 32 random bytes. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Flow and session ids are stored only as this hash, so a database copy opens nothing. */
export const tokenHash = (kind: 'flow' | 'session', token: string) => sha256Hex(`${kind}:${token}`);

/** Counters, locks and recovery codes are keyed by this, so those tables hold no address. */
export const emailKey = (email: string) => sha256Hex(`email:${email.toLowerCase()}`);

/** A code's hash is bound to its purpose and owner: the same digits elsewhere hash apart. */
export const codeHash = (purpose: string, subject: string, code: string) =>
  sha256Hex(`code:${purpose}:${subject}:${code}`);

export function randomCode({ alphabet, length }: { alphabet: string; length: number }): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}
