import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what a browser cookie carries. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** What the database keeps instead of the token: a stolen table opens no session. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest();
