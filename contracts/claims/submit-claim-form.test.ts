import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { submitClaimFormSchema } from './submit-claim-form';
import { submitClaimRequestSchema } from './submit-claim-request';

const valid = {
  policyNumber: ' POL-1 ',
  productCode: '210',
  productType: 'Mortgage',
  claimType: 'Job Loss',
  claimDescription: ' Laid off ',
};

/** `field: code` of the first refusal of each field, in the browser (valibot) and on the server (zod). */
function bothSides(body: Record<string, unknown>) {
  const browser = v.safeParse(submitClaimFormSchema, body);
  const server = submitClaimRequestSchema.safeParse(body);
  const firsts = (refusals: string[]) =>
    refusals.filter((r, i) => refusals.findIndex((o) => o.split(':')[0] === r.split(':')[0]) === i);
  return {
    browser: browser.success
      ? browser.output
      : firsts(browser.issues.map((issue) => `${issue.path?.[0]?.key}: ${issue.message}`)),
    server: server.success
      ? server.data
      : firsts(server.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)),
  };
}

describe('the claim form, checked in the browser as the server checks it', () => {
  it('given a valid claim, then both keep it trimmed', () => {
    const { browser, server } = bothSides(valid);
    expect(browser).toEqual({ ...valid, policyNumber: 'POL-1', claimDescription: 'Laid off' });
    expect(server).toEqual(browser);
  });

  it.each([
    [{ policyNumber: '   ' }, 'policyNumber: required'],
    [{ policyNumber: 7 }, 'policyNumber: required'],
    [{ policyNumber: 'P'.repeat(21) }, 'policyNumber: tooLong'],
    [{ policyNumber: 'POL 1' }, 'policyNumber: invalidFormat'],
    [{ productCode: '999' }, 'productCode: invalidChoice'],
    [{ productType: 'Boat' }, 'productType: invalidChoice'],
    [{ claimType: 'Theft' }, 'claimType: invalidChoice'],
    [{ claimDescription: 5 }, 'claimDescription: invalidFormat'],
    [{ claimDescription: `${'d'.repeat(1000)}  ` }, undefined],
    [{ claimDescription: 'd'.repeat(1001) }, 'claimDescription: tooLong'],
  ])('given %o, then both say %s', (change, refusal) => {
    const { browser, server } = bothSides({ ...valid, ...change });
    if (refusal === undefined) {
      expect(server).toEqual(browser);
      return;
    }
    expect(browser).toEqual([refusal]);
    expect(server).toEqual([refusal]);
  });
});
