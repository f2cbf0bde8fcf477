import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as viewLetterAsStaff } from '@site/pages/api/admin/claims/[submissionId]/decision-letter';
import {
  GET as getClaimAsStaff,
  POST as amend,
} from '@site/pages/api/admin/claims/[submissionId]/index';
import { GET as downloadLetter } from '@site/pages/api/claims/[submissionId]/decision-letter/index';
import { POST as markRead } from '@site/pages/api/claims/[submissionId]/decision-letter/read';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { GET as getClaim } from '@site/pages/api/claims/[submissionId]/index';
import { POST as submit } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  bob,
  getRequest,
  jsonRequest,
  openApiHarness,
  pdf,
  renamedExecutable,
  staffEtag,
  staffMember,
} from './api-harness';

const claimFields = {
  policyNumber: 'POL-9',
  productCode: '210',
  productType: 'Mortgage',
  claimType: 'Disability',
  claimDescription: '',
};

describe('claims API: the claim rules over HTTP', () => {
  let api: ApiHarness;
  let aliceClaim: string;
  let otherClaim: string;

  const submitAs = async (customer = alice, documents = [pdf('claim-form.pdf')]) => {
    const response = await submit(
      apiContext(
        jsonRequest('/api/claims', {
          ...claimFields,
          documents: documents.map((d) => ({ ...d, kind: 'supporting' })),
        }),
        {},
        { customer },
      ),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { submissionId: string }).submissionId;
  };
  const staffSave = async (submissionId: string, body: Record<string, unknown>) =>
    amend(
      apiContext(
        jsonRequest(`/api/admin/claims/${submissionId}`, body, {
          'if-match': await staffEtag(submissionId),
        }),
        { submissionId },
        { staff: staffMember },
      ),
    );

  /** Runs the call and checks it was refused with the field error, and that no event and no object appeared. */
  async function expectRefusedChangingNothing(
    call: () => Response | Promise<Response>,
    code: string,
    status = 400,
  ) {
    const [events, objects] = [await api.eventCount(), await api.objectCount()];
    const response = await call();
    expect(response.status).toBe(status);
    const problem = await response.json();
    if (status === 400) expect(problem.errors.map((e: { code: string }) => e.code)).toContain(code);
    else expect(problem.code).toBe(code);
    expect(await api.eventCount()).toBe(events);
    expect(await api.objectCount()).toBe(objects);
    return problem;
  }

  beforeAll(async () => {
    api = await openApiHarness();
    aliceClaim = await submitAs(alice);
    otherClaim = await submitAs(alice);
  });
  afterAll(() => api.close());

  describe('submission', () => {
    it('stores the initial documents and lists the claim with them', async () => {
      const objects = await api.objectCount();
      const id = await submitAs(alice, [pdf('a.pdf'), pdf('b.pdf')]);
      // Each original and its rendition beside it (decision 126).
      expect(await api.objectCount()).toBe(objects + 4);
      const claim = await (
        await getClaim(apiContext(getRequest(`/api/claims/${id}`), { submissionId: id }))
      ).json();
      expect(claim.documentCount).toBe(2);
    });

    it("refuses a renamed executable sent as .pdf, in the caller's words", async () => {
      const problem = await expectRefusedChangingNothing(
        () =>
          submit(
            apiContext(
              jsonRequest('/api/claims', {
                ...claimFields,
                documents: [{ ...renamedExecutable(), kind: 'claim' }],
              }),
            ),
          ),
        'documents.unsupportedType',
      );
      expect(problem.errors[0].message).toBe(
        'File "statement.pdf" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
      );
    });

    it('refuses 6 initial files', async () => {
      const six = Array.from({ length: 6 }, (_, i) => ({
        ...pdf(`f${i}.pdf`),
        kind: 'supporting',
      }));
      await expectRefusedChangingNothing(
        () => submit(apiContext(jsonRequest('/api/claims', { ...claimFields, documents: six }))),
        'documents.tooManyInitial',
      );
    });

    it('refuses 4 MB + 1 byte of initial documents', async () => {
      const big = { ...pdf('big.pdf', 4 * 1024 * 1024 + 1), kind: 'supporting' };
      await expectRefusedChangingNothing(
        () => submit(apiContext(jsonRequest('/api/claims', { ...claimFields, documents: [big] }))),
        'documents.initialTotalTooLarge',
      );
    });
  });

  describe('additional documents', () => {
    const add = (submissionId: string, attachments: unknown[], customer = alice) =>
      addDocuments(
        apiContext(
          jsonRequest(`/api/claims/${submissionId}/documents`, { attachments }),
          { submissionId },
          { customer },
        ),
      );

    it('accepts 10, then refuses an 11th', async () => {
      const ten = Array.from({ length: 10 }, (_, i) => pdf(`extra-${i}.pdf`));
      expect((await add(otherClaim, ten)).status).toBe(201);
      await expectRefusedChangingNothing(
        () => add(otherClaim, [pdf('extra-10.pdf')]),
        'documents.tooManyAdditional',
      );
    });

    it('refuses a name already submitted, and an empty batch', async () => {
      await expectRefusedChangingNothing(
        () => add(aliceClaim, [pdf('claim-form.pdf')]),
        'documents.duplicateName',
      );
      await expectRefusedChangingNothing(() => add(aliceClaim, []), 'documents.noneSelected');
    });

    it('refuses a renamed executable', async () => {
      await expectRefusedChangingNothing(
        () => add(aliceClaim, [renamedExecutable('scan.pdf')]),
        'documents.unsupportedType',
      );
    });
  });

  describe('staff amendment', () => {
    const base = { claimNumber: 'AB123', status: 'Pending' };

    it.each([
      [
        'a claim number of 9 characters',
        { ...base, claimNumber: 'ABCDE1234' },
        'claimNumber.tooLong',
      ],
      ['an amount of 1000000', { ...base, benefitAmount: '1000000' }, 'benefitAmount.tooLarge'],
      [
        'an amount of 12.345',
        { ...base, benefitAmount: '12.345' },
        'benefitAmount.tooManyDecimals',
      ],
      ['2024-02-30', { ...base, firstPaymentDate: '2024-02-30' }, 'firstPaymentDate.invalidDate'],
      [
        'an end date before the start date',
        { ...base, firstPaymentDate: '2024-05-01', lastPaymentDate: '2024-04-30' },
        'lastPaymentDate.beforeFirstPaymentDate',
      ],
      [
        'a reason on a status that takes none',
        { ...base, status: 'Submitted', additionalReason: 'recordOfEmployment' },
        'additionalReason.notAllowed',
      ],
    ])('refuses %s and changes nothing', async (_, body, code) => {
      await expectRefusedChangingNothing(() => staffSave(aliceClaim, body), code);
    });

    it('refuses a decision letter that is not a PDF by its content', async () => {
      await expectRefusedChangingNothing(
        () => staffSave(aliceClaim, { ...base, decisionLetter: renamedExecutable('letter.pdf') }),
        'decisionLetter.notPdf',
      );
    });

    it('saves with a letter; the customer sees the red dot, downloads the letter and marks it read', async () => {
      const saved = await staffSave(aliceClaim, {
        ...base,
        claimNumber: 'LTR001',
        status: 'Approved',
        benefitAmount: '1250.50',
        decisionLetter: pdf('decision.pdf'),
      });
      expect(saved.status).toBe(200);
      const params = { submissionId: aliceClaim };
      const claim = await (
        await getClaim(apiContext(getRequest(`/api/claims/${aliceClaim}`), params))
      ).json();
      expect(claim).toMatchObject({
        claimNumber: 'LTR001',
        status: 'Approved',
        benefitAmount: 1250.5,
        hasDecisionLetter: true,
        decisionLetterRead: false,
      });

      const letter = await downloadLetter(
        apiContext(getRequest(`/api/claims/${aliceClaim}/decision-letter`), params),
      );
      expect(letter.status).toBe(200);
      expect(letter.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await letter.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const staffView = await viewLetterAsStaff(
        apiContext(getRequest('/x'), params, { staff: staffMember }),
      );
      expect(staffView.status).toBe(200);

      expect(
        (
          await markRead(
            apiContext(jsonRequest(`/api/claims/${aliceClaim}/decision-letter/read`, {}), params),
          )
        ).status,
      ).toBe(204);
      const after = await (
        await getClaim(apiContext(getRequest(`/api/claims/${aliceClaim}`), params))
      ).json();
      expect(after.decisionLetterRead).toBe(true);
    });

    it('answers 409 "Claim number already exists" to the loser of two saves of one new number, 20 times', async () => {
      for (let run = 0; run < 20; run += 1) {
        const [first, second] = [await submitAs(bob, []), await submitAs(bob, [])];
        const number = `R${run}X${Date.now() % 100000}`.slice(0, 8);
        const responses = await Promise.all([
          staffSave(first, { claimNumber: number, status: 'Pending' }),
          staffSave(second, { claimNumber: number, status: 'Pending' }),
        ]);
        expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
        const loser = responses.find((r) => r.status === 409) as Response;
        const problem = await loser.json();
        expect(problem.code).toBe('CONFLICT');
        expect(problem.errors).toEqual([
          {
            field: 'claimNumber',
            code: 'claimNumber.taken',
            message: 'Claim number already exists',
          },
        ]);
        const holders = await api.database.pool.query(
          'select submission_id from claims where claim_number = $1',
          [number],
        );
        expect(holders.rowCount).toBeLessThanOrEqual(1);
        const reservation = await api.runtime.eventStore.readStream(`claim-number-${number}`);
        expect(reservation.filter((e) => e.type === 'ClaimNumberReserved')).toHaveLength(1);
      }
    });

    it('needs a staff session', async () => {
      await expectRefusedChangingNothing(
        () =>
          amend(
            apiContext(
              jsonRequest(`/api/admin/claims/${aliceClaim}`, base),
              { submissionId: aliceClaim },
              { customer: alice },
            ),
          ),
        'UNAUTHENTICATED',
        401,
      );
      const view = await getClaimAsStaff(
        apiContext(getRequest('/x'), { submissionId: aliceClaim }, { customer: alice }),
      );
      expect(view.status).toBe(401);
    });
  });

  describe("customer B and customer A's claim", () => {
    const asBob = (path: string, submissionId: string) =>
      apiContext(getRequest(path), { submissionId }, { customer: bob });

    it('cannot read, add documents to, mark or download anything of it: 404, nothing changed', async () => {
      expect((await getClaim(asBob(`/api/claims/${aliceClaim}`, aliceClaim))).status).toBe(404);
      expect(
        (await downloadLetter(asBob(`/api/claims/${aliceClaim}/decision-letter`, aliceClaim)))
          .status,
      ).toBe(404);
      await expectRefusedChangingNothing(
        () =>
          addDocuments(
            apiContext(
              jsonRequest(`/api/claims/${aliceClaim}/documents`, { attachments: [pdf('bob.pdf')] }),
              { submissionId: aliceClaim },
              { customer: bob },
            ),
          ),
        'NOT_FOUND',
        404,
      );
      await expectRefusedChangingNothing(
        () =>
          markRead(
            apiContext(
              jsonRequest(`/api/claims/${aliceClaim}/decision-letter/read`, {}),
              { submissionId: aliceClaim },
              { customer: bob },
            ),
          ),
        'NOT_FOUND',
        404,
      );
    });
  });
});
