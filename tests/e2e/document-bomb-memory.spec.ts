import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { contentStreamBomb } from '@contracts/documents/testing/rendition-hostile-documents';
import { asDataUrl } from '@contracts/documents/testing/sample-documents';
import { scannedPdf } from '../../scripts/bench/documents-files';
import { expectAccessible } from './support/accessibility';
import { csrfToken, signedInCustomer, submitClaimThroughApi } from './support/customers';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

test.describe.configure({ timeout: 120_000 });

/**
 * Parent of each process, and its proportional memory (PSS) in MB, from /proc: Chromium's
 * processes share most of their pages, which RSS would count once per process.
 */
function processTable(): Map<number, { parent: number; rssMb: number }> {
  const table = new Map<number, { parent: number; rssMb: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const rollup = readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
      const pssKb = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      table.set(Number(entry), { parent, rssMb: pssKb / 1024 });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** The resident memory of the Chromium this test drives: every process below this one. */
function browserMb(): number {
  const table = processTable();
  const below = (pid: number): boolean => {
    for (let at = table.get(pid)?.parent; at; at = table.get(at)?.parent) {
      if (at === process.pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, { rssMb }] of table) if (below(pid)) total += rssMb;
  return total;
}

// Issue 45: the content-stream bomb took a staff member's Chromium from 929 MB to 3.8 GB.
test('the content-stream bomb is refused at upload; a near-cap one and a 10-page scan reach staff only as renditions that cost Chromium < 300 MB, by keyboard, axe 0', async ({
  page: customer,
  browser,
}) => {
  await signedInCustomer(customer, 'content-stream-bomb');
  const refused = await customer.request.post('/api/claims', {
    headers: { 'x-csrf-token': await csrfToken(customer) },
    data: {
      policyNumber: `BOMB-${Date.now() % 1_000_000}`,
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      documents: [
        {
          kind: 'claim',
          name: 'pdf-700-content-streams.pdf',
          data: asDataUrl(contentStreamBomb(), 'application/pdf'),
        },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors[0]).toMatchObject({ code: 'documents.tooComplex' });

  // Just under the content-stream cap (decision 126): 15 pages of 4 MiB of zeros each; and
  // a real-sized 10-page scan.
  const name = 'near-cap-content-streams.pdf';
  const scanName = 'scan-10-pages.pdf';
  const { submissionId } = await submitClaimThroughApi(customer, {
    documents: [
      { kind: 'claim', name, data: asDataUrl(contentStreamBomb(15, 4), 'application/pdf') },
      {
        kind: 'supporting',
        name: scanName,
        data: asDataUrl(await scannedPdf(10, 3_500_000), 'application/pdf'),
      },
    ],
  });

  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);
  await expect(staff.getByRole('form', { name: 'Edit claim' })).toBeVisible();
  const before = browserMb();
  let peak = before;
  const sampling = setInterval(() => {
    peak = Math.max(peak, browserMb());
  }, 250);
  try {
    for (const shown of [name, scanName]) {
      await staff.getByRole('button', { name: shown }).focus();
      const framed = staff.waitForResponse(
        (answer) =>
          answer.url().includes('/documents/') && answer.request().resourceType() === 'document',
      );
      await staff.keyboard.press('Enter');
      const answer = await framed;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
      const viewer = staff.getByRole('region', { name: `Viewing ${shown}` });
      await expect(viewer.locator(`iframe[title="Document ${shown}"]`)).toBeVisible();
      // Long enough for the browser's PDF viewer to lay out the pages the frame shows.
      await staff.waitForTimeout(5_000);
      await expectAccessible(staff);
    }
  } finally {
    clearInterval(sampling);
  }
  console.info(
    `near-cap bomb and 10-page scan renditions: Chromium ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (PSS)`,
  );
  expect(peak - before).toBeLessThan(300);
  await staff.context().close();
});
