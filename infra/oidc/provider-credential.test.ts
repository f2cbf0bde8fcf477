import { describe, expect, it } from 'vitest';
import { newOpaqueToken } from './opaque-token';
import { openCredential, sealCredential } from './provider-credential';

describe('a staff session provider credential, sealed under its session id (decision 118)', () => {
  const credential = { kind: 'refresh', token: 'refresh-token-value' } as const;

  it('opens with the session id it was sealed for', () => {
    const id = newOpaqueToken();
    const sealed = sealCredential(id, credential);
    expect(sealed.includes(Buffer.from(credential.token))).toBe(false);
    expect(openCredential(id, sealed)).toEqual(credential);
  });

  it('opens with no other id, and not once altered', () => {
    const id = newOpaqueToken();
    const sealed = sealCredential(id, credential);
    expect(openCredential(newOpaqueToken(), sealed)).toBeUndefined();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(openCredential(id, altered)).toBeUndefined();
  });
});
