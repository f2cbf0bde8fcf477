import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@contracts/errors';
import { canonicalEmail } from '@contracts/identity/canonical-email';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import {
  type IdentityHarness,
  openIdentityHarness,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';
import { registerAccount } from './registration';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

/** What one registration attempt came to: its status, or the reason it was refused. */
async function attempt(email: string): Promise<string> {
  try {
    const outcome = await registerAccount(
      harness.ports,
      registrationBody({ email }),
      uniqueOrigin(),
    );
    return outcome.status;
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors.map((e) => e.code).join(',');
    if (error instanceof RateLimitedError) return 'RATE_LIMITED';
    throw error;
  }
}

const accountsLike = async (local: string) =>
  Number(
    (
      await harness.database.pool.query(
        'select count(*)::int as n from identity_accounts where email like $1',
        [`%${local.slice(2)}%`],
      )
    ).rows[0].n,
  );

/** Twelve spellings of one inbox: the same address, or refused with its reason. */
function variants(local: string): readonly [string, 'same' | string][] {
  const cyrillicX = `\u0445${local.slice(1)}`; // х, Cyrillic, for the Latin x
  return [
    [`${local}@bücher.example`, 'same'],
    [`${local.toUpperCase()}@BÜCHER.EXAMPLE`, 'same'],
    [`${local}@xn--bcher-kva.example`, 'same'],
    [`${local}@\uff42ü\uff43\uff48\uff45\uff52.example`, 'same'], // full-width domain letters
    [`  ${local}@bücher.example   `, 'same'],
    [`${local}\uff20bu\u0308cher.example`, 'same'], // full-width @, ü as u + combining mark
    [`${local}@XN--BCHER-KVA.example`, 'same'],
    [`${local}@bücher.example\u200b`, 'email.invisible'], // zero-width space
    [`${local}\u200d@bücher.example`, 'email.invisible'], // zero-width joiner
    [`${local}@büc\u00adher.example`, 'email.invisible'], // soft hyphen
    [`${cyrillicX}@bücher.example`, 'email.mixedScripts'],
    [`${local}@bücher.ex\u0430mple`, 'email.mixedScripts'], // Cyrillic а in the domain
  ];
}

describe('one inbox, one account (canonical email addresses)', () => {
  it('gives 12 spellings of one address one account; each other attempt gets its reason', async () => {
    const local = `x${randomUUID().slice(0, 8)}`;
    const canonical = `${local}@xn--bcher-kva.example`;
    const outcomes: string[] = [];
    for (const [email] of variants(local)) outcomes.push(await attempt(email));

    const expected = variants(local).map(([, reason]) => reason);
    outcomes.forEach((outcome, index) => {
      if (expected[index] !== 'same') expect(outcome, `variant ${index}`).toBe(expected[index]);
      else
        expect(['VERIFICATION_CODE_REQUIRED', 'ACCOUNT_EXISTS', 'RATE_LIMITED']).toContain(outcome);
    });
    expect(outcomes.filter((o) => o === 'VERIFICATION_CODE_REQUIRED')).toHaveLength(1);
    // The per-address limit (5 an hour) counts every spelling as the one address it is.
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(2);
    expect(await harness.ports.store.findAccountByEmail(canonical)).toBeDefined();
    expect(await accountsLike(local)).toBe(1);
  });

  it('gives 50 parallel registrations of mixed spellings exactly one account', async () => {
    const local = `y${randomUUID().slice(0, 8)}`;
    const same = variants(local).filter(([, reason]) => reason === 'same');
    const emails = Array.from({ length: 50 }, (_, i) => same[i % same.length]?.[0] ?? '');
    const outcomes = await Promise.all(emails.map(attempt));
    expect(outcomes.filter((o) => o === 'VERIFICATION_CODE_REQUIRED')).toHaveLength(1);
    expect(
      outcomes.every((o) =>
        ['VERIFICATION_CODE_REQUIRED', 'ACCOUNT_EXISTS', 'RATE_LIMITED'].includes(o),
      ),
    ).toBe(true);
    expect(await accountsLike(local)).toBe(1);
  });

  it('stores the domain in its ASCII form and keeps scripts that are written together', () => {
    expect(canonicalEmail('王小明@例子.中国')).toEqual({
      ok: true,
      address: '王小明@xn--fsqu00a.xn--fiqs8s',
    });
    expect(canonicalEmail('王小明@example.com').ok).toBe(true);
    expect(canonicalEmail('олена@пример.рф').ok).toBe(true);
    expect(canonicalEmail('\u0445@example.com')).toEqual({
      ok: false,
      refusal: 'email.mixedScripts',
    });
    expect(canonicalEmail('x@example')).toEqual({ ok: false, refusal: 'email.invalid' });
  });
});
