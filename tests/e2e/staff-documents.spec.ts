import { expect, type Page, test } from '@playwright/test';
import { asDataUrl, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { expectAccessible } from './support/accessibility';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

/** Tabs forward until the focused element's accessible name is `name`: reached by keyboard alone. */
async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return active?.tagName === 'BUTTON' ? (active.textContent ?? '').trim() : '';
    });
    if (focused === name) return;
  }
  throw new Error(`${name} was not reached with ${limit} presses of Tab`);
}

// Two sign-ins (mailed code, OpenID Connect) and five axe runs, one with a PDF frame in it.
test.describe.configure({ timeout: 120_000 });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// Issue 27, finding 8: staff read the evidence beside the decision, and the Audit tab says so.
for (const { lang, pdfName, imageName, kind } of [
  { lang: 'en', pdfName: 'claim-form.pdf', imageName: 'receipt.png', kind: 'claim form' },
  { lang: 'fr', pdfName: 'formulaire d’été.pdf', imageName: 'reçu été.png', kind: 'claim form' },
]) {
  test(`staff open a claim filed in ${lang}, view its PDF and image beside the form by keyboard, and the Audit tab lists each view once`, async ({
    page: customer,
    browser,
  }) => {
    await signedInCustomer(customer, `staff-documents-${lang}`);
    await customer
      .context()
      .addCookies([{ name: 'lang', value: lang, url: new URL(customer.url()).origin }]);
    const { submissionId } = await submitClaimThroughApi(customer, {
      documents: [
        { kind: 'claim', name: pdfName, data: asDataUrl(samplePdf(pdfName), 'application/pdf') },
        {
          kind: 'supporting',
          name: imageName,
          data: asDataUrl(samplePng(120, 80, 90), 'image/png'),
        },
      ],
    });

    const staff = await signInStaff(browser);
    await openHydrated(staff, `/admin/claim?id=${submissionId}`);
    const form = staff.getByRole('form', { name: 'Edit claim' });
    await expect(form).toBeVisible();

    // The PDF: reached with Tab, opened with Enter, shown by the browser in a frame.
    await tabTo(staff, pdfName);
    const framed = staff.waitForResponse(
      (answer) =>
        answer.url().includes(`/api/admin/claims/${submissionId}/documents/`) &&
        answer.request().resourceType() === 'document',
    );
    await staff.keyboard.press('Enter');
    const answer = await framed;
    const headers = await answer.allHeaders();
    expect(answer.status()).toBe(200);
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toMatch(/^inline;/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    const viewer = staff.getByRole('region', { name: `Viewing ${pdfName}` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('heading', { name: `Viewing ${pdfName}` })).toBeFocused();
    await expect(viewer.locator(`iframe[title="Document ${pdfName}"]`)).toBeVisible();
    // Beside the edit form at 1280 px: the viewer's column starts left of the form's.
    const [viewerBox, formBox] = [await viewer.boundingBox(), await form.boundingBox()];
    expect(viewerBox && formBox && viewerBox.x + viewerBox.width <= formBox.x).toBe(true);
    await expectAccessible(staff);
    await staff.setViewportSize({ width: 390, height: 844 });
    await expect(viewer).toBeVisible();
    expect(await noSidewaysScroll(staff)).toBe(true);
    await expectAccessible(staff);
    await staff.setViewportSize({ width: 1280, height: 720 });

    // Escape closes it and gives the focus back to the document's button.
    await staff.keyboard.press('Tab');
    await expect(viewer.getByRole('button', { name: 'Close the document' })).toBeFocused();
    await staff.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(staff.getByRole('button', { name: pdfName })).toBeFocused();

    // The image: an <img> the browser decoded.
    await tabTo(staff, imageName);
    await staff.keyboard.press('Enter');
    const image = staff.getByRole('img', {
      name: `Document ${imageName}, a safe copy of what the claimant sent`,
    });
    await expect(image).toBeVisible();
    await expect(staff.getByRole('heading', { name: `Viewing ${imageName}` })).toBeFocused();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(120);
    await expectAccessible(staff);

    // The Audit tab lists both views, who and which, each once.
    await staff.getByRole('tab', { name: 'Audit' }).click();
    const audit = staff.getByRole('tabpanel', { name: 'Audit' });
    const views = audit.getByRole('region', { name: 'Document views' }).getByRole('listitem');
    await expect(views).toHaveCount(2);
    await expect(
      audit.getByText('Hash chain of the views verified: 2 view(s), none altered.'),
    ).toBeVisible();
    await expect(views.nth(0)).toContainText(
      new RegExp(`\\(staff\\) viewed ${pdfName} \\(${kind}\\)$`),
    );
    await expect(views.nth(1)).toContainText(`(staff) viewed ${imageName} (supporting document)`);
    await expect(views.nth(0).locator('bdi')).toHaveText(pdfName);
    // Through the whole stack: refusals in the problem shape, and none of them recorded.
    const documents = `/api/admin/claims/${submissionId}/documents`;
    for (const [path, status] of [
      [`${documents}/${'0'.repeat(64)}`, 404],
      [`${documents}/not-a-document`, 400],
      [`/api/admin/claims/${crypto.randomUUID()}/documents/${'0'.repeat(64)}`, 404],
    ] as const) {
      const refused = await staff.request.get(path);
      expect(refused.status(), path).toBe(status);
      expect(refused.headers()['content-type']).toBe('application/problem+json');
    }
    const asCustomer = await customer.request.get(new URL(answer.url()).pathname);
    expect(asCustomer.status()).toBe(401);
    const listed = await staff.request.get(`/api/admin/claims/${submissionId}/document-views`);
    expect(((await listed.json()) as { views: unknown[] }).views).toHaveLength(2);
    await expectAccessible(staff);
    await staff.context().close();

    // An auditor (decision 062) reads the documents too, and their view is recorded as theirs.
    if (lang !== 'en') return;
    const auditor = await signInStaff(browser, 'Ines Lavoie');
    await openHydrated(auditor, `/admin/claim?id=${submissionId}`);
    await expect(auditor.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await auditor.getByRole('button', { name: imageName }).click();
    await expect(
      auditor.getByRole('img', {
        name: `Document ${imageName}, a safe copy of what the claimant sent`,
      }),
    ).toBeVisible();
    await auditor.getByRole('tab', { name: 'Audit' }).click();
    const seen = auditor.getByRole('region', { name: 'Document views' }).getByRole('listitem');
    await expect(seen).toHaveCount(3);
    await expect(seen.nth(2)).toContainText(/ines\.lavoie@.* \(auditor\) viewed receipt\.png/i);
    // "Download original" (decision 127): an attachment, recorded with the auditor's role.
    await auditor.getByRole('tab', { name: 'Claim Details' }).click();
    const downloading = auditor.waitForEvent('download');
    await auditor.getByRole('link', { name: 'Download original' }).click();
    expect((await downloading).suggestedFilename()).toBe(imageName);
    await auditor.getByRole('tab', { name: 'Audit' }).click();
    await expect(seen).toHaveCount(4);
    await expect(seen.nth(3)).toContainText(
      /ines\.lavoie@.* \(auditor\) downloaded the original of receipt\.png/i,
    );
    await expectAccessible(auditor);
    await auditor.context().close();
  });
}
