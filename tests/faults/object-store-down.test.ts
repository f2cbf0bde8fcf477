import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { TestBrowser } from '../support/oidc-test-provider';
import { type RunningS3rver, startS3rver } from '../support/s3rver';
import {
  call,
  claimWithFiles,
  countRows,
  type PortalUnderTest,
  startPortalUnderTest,
} from './portal-under-test';

describe('the object store goes down while the portal runs', () => {
  let s3: RunningS3rver;
  let portal: PortalUnderTest;
  const customer = new TestBrowser();

  beforeAll(async () => {
    s3 = await startS3rver();
    const { endpoint, bucket, accessKeyId, secretAccessKey } = s3.options;
    portal = await startPortalUnderTest({
      S3_ENDPOINT: endpoint as string,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await s3?.stop();
  });

  it('refuses a submission with files (503, nothing appended), takes one without, and recovers', async () => {
    const events = () => countRows(portal.db, 'select count(*) from events');
    expect((await call(customer, portal.base, '/api/claims', claimWithFiles('up-1'))).status).toBe(
      201,
    );

    await s3.close();
    const before = await events();
    const refused = await call(customer, portal.base, '/api/claims', claimWithFiles('down-1'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await events()).toBe(before);

    const withoutFiles = await call(customer, portal.base, '/api/claims', {
      ...claimWithFiles('down-2'),
      documents: [],
    });
    expect(withoutFiles.status).toBe(201);

    s3 = await startS3rver({ port: s3.port, directory: s3.directory });
    const again = await call(customer, portal.base, '/api/claims', claimWithFiles('back-1'));
    expect(again.status).toBe(201);
    const { submissionId } = (await again.json()) as { submissionId: string };
    const documents = await call(customer, portal.base, `/api/claims/${submissionId}/documents`);
    expect(((await documents.json()) as { documents: unknown[] }).documents).toHaveLength(2);
  }, 120_000);
});
