import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeredCommandLane } from '@infra/http/command-lane';
import { BUILT_MIDDLEWARE, buildSiteIfStale } from '@infra/launcher/build-site';
import { type PortalUnderTest, startPortalUnderTest } from '../faults/portal-under-test';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { signInAsDemoStaffAt, TestBrowser } from '../support/oidc-test-provider';
import { closeAgents, type RawAnswer, send } from '../support/raw-http';

const ROOT = join(import.meta.dirname, '../..');
const SOME_ID = '0190a4c2-7c3e-7a11-8e2f-0123456789ab';

describe('the command lane in the built site', () => {
  it('takes the submission and the staff save, and leaves every other request to Astro', async () => {
    buildSiteIfStale(ROOT, () => {});
    await import(pathToFileURL(join(ROOT, BUILT_MIDDLEWARE)).href);
    const lane = offeredCommandLane();
    expect(lane, 'the built middleware offers the lane when it loads').toBeTypeOf('function');
    expect(lane?.('POST', '/api/claims')).toBeTypeOf('function');
    expect(lane?.('POST', `/api/admin/claims/${SOME_ID}`)).toBeTypeOf('function');
    for (const [method, path] of [
      ['GET', '/api/claims'],
      ['PUT', '/api/claims'],
      ['POST', '/api/claims/'],
      ['POST', '/api/claims/draft'],
      ['POST', `/api/admin/claims/${SOME_ID}/`],
      ['GET', `/api/admin/claims/${SOME_ID}`],
      ['POST', '/api/admin/claims/%30190a4c2-7c3e-7a11-8e2f-0123456789ab'],
      ['POST', '/api/admin/claims/not-a-claim'],
    ] as const) {
      expect(lane?.(method, path), `${method} ${path}`).toBeUndefined();
    }
  }, 180_000);
});

/**
 * What two answers to the same request must share: all but ids, dates and the framing (the
 * lane always sends Content-Length; Astro sends some answers chunked).
 */
const FRAMING = new Set(['content-length', 'transfer-encoding']);
function comparable(answer: RawAnswer) {
  const volatile = new Set(['date', 'x-request-id', 'etag', 'set-cookie', ...FRAMING]);
  const body = answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
  const { requestId, submissionId, confirmationNumber, ...rest } = body;
  return {
    status: answer.status,
    headers: Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !volatile.has(name)),
    ),
    headerNames: Object.keys(answer.headers)
      .filter((name) => !FRAMING.has(name))
      .sort(),
    cookieNames: (answer.headers['set-cookie'] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(0, line.indexOf('=')))
      .sort(),
    body: {
      ...rest,
      ...(requestId === undefined ? {} : { requestId: typeof requestId }),
      ...(submissionId === undefined ? {} : { submissionId: typeof submissionId }),
      ...(confirmationNumber === undefined
        ? {}
        : { confirmationNumber: typeof confirmationNumber }),
    },
  };
}

/**
 * The lane must answer exactly as Astro does. Astro still serves a path with a trailing slash
 * (its route patterns allow one, the lane does not), so each request goes both ways.
 */
describe('the command lane on `npm start`', () => {
  let portal: PortalUnderTest;
  let port: number;
  const customer = new TestBrowser();
  const staff = new TestBrowser();
  let claimId = '';

  const cookies = (browser: TestBrowser, names: string[]) =>
    names.map((name) => `${name}=${browser.cookie(name) ?? ''}`).join('; ');

  async function bothWays(
    path: string,
    headers: Record<string, string>,
    body: unknown,
    nextHeaders: (answer: RawAnswer) => Record<string, string> = () => headers,
  ) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const lane = await send(port, { method: 'POST', path, headers, body: text });
    expect(lane.headers['content-length'], path).toBe(String(Buffer.byteLength(lane.body)));
    const astro = await send(port, {
      method: 'POST',
      path: `${path}/`,
      headers: nextHeaders(lane),
      body: text,
    });
    expect(comparable(lane), path).toEqual(comparable(astro));
    return { lane, astro };
  }

  beforeAll(async () => {
    portal = await startPortalUnderTest();
    port = Number(new URL(portal.base).port);
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
    await signInAsDemoStaffAt(staff, portal.base);
  }, 240_000);

  afterAll(async () => {
    closeAgents();
    await portal?.stop();
  });

  const customerHeaders = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    origin: portal.base,
    cookie: cookies(customer, ['session', 'csrf_token']),
    'x-csrf-token': customer.cookie('csrf_token') ?? '',
    ...extra,
  });
  const claim = (policy: string) => ({
    policyNumber: policy,
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    documents: [],
  });

  const staffHeaders = (etag: string) => ({
    'content-type': 'application/json',
    origin: portal.base,
    cookie: cookies(staff, ['staff_session', 'csrf_token']),
    'x-csrf-token': staff.cookie('csrf_token') ?? '',
    'if-match': etag,
  });
  const readAsStaff = (submissionId: string) =>
    send(port, {
      method: 'GET',
      path: `/api/admin/claims/${submissionId}`,
      headers: { cookie: cookies(staff, ['staff_session']) },
    });

  it('submits a claim, and refuses bad ones, as Astro does', async () => {
    const { lane } = await bothWays('/api/claims', customerHeaders(), claim('LANE-1'), () =>
      customerHeaders({ 'idempotency-key': uuidv7() }),
    );
    expect(lane.status).toBe(201);
    claimId = (JSON.parse(lane.body) as { submissionId: string }).submissionId;

    const invalid = await bothWays('/api/claims', customerHeaders(), { policyNumber: 7 });
    expect(invalid.lane.status).toBe(400);
    const french = await bothWays(
      '/api/claims',
      customerHeaders({ 'accept-language': 'fr-CA' }),
      '{"policyNumber":',
    );
    expect(JSON.parse(french.lane.body).title).not.toBe(JSON.parse(invalid.lane.body).title);
    const noToken = await bothWays(
      '/api/claims',
      customerHeaders({ 'x-csrf-token': 'forged' }),
      claim('LANE-2'),
    );
    expect(noToken.lane.status).toBe(403);
    const signedOut = await bothWays(
      '/api/claims',
      { 'content-type': 'application/json', origin: portal.base },
      claim('LANE-3'),
    );
    expect(signedOut.lane.status).toBe(403);
    const crossSite = await bothWays(
      '/api/claims',
      customerHeaders({
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      }),
      'a=b',
    );
    expect(crossSite.lane.status).toBe(403);
    const staffOnCustomerRoute = await bothWays(
      '/api/claims',
      {
        'content-type': 'application/json',
        origin: portal.base,
        cookie: cookies(staff, ['staff_session', 'csrf_token']),
        'x-csrf-token': staff.cookie('csrf_token') ?? '',
      },
      claim('LANE-4'),
    );
    expect(staffOnCustomerRoute.lane.status).toBe(401);
  });

  it('saves a staff edit, and refuses stale or foreign ones, as Astro does', async () => {
    expect(claimId).toMatch(/^[0-9a-f-]{36}$/);
    const etag = (await readAsStaff(claimId)).headers.etag ?? '';
    const path = `/api/admin/claims/${claimId}`;
    // Two different saves, one each way: the same one twice would change nothing the second time.
    const save = (to: string, version: string, at: string) =>
      send(port, {
        method: 'POST',
        path: at,
        headers: staffHeaders(version),
        body: JSON.stringify({ claimNumber: 'B0000001', benefitAmount: to }),
      });
    const lane = await save('101.00', etag, path);
    const astro = await save('102.00', lane.headers.etag ?? '', `${path}/`);
    const { body: laneClaim, ...laneRest } = comparable(lane);
    const { body: astroClaim, ...astroRest } = comparable(astro);
    expect(laneRest).toEqual(astroRest);
    expect(Object.keys(laneClaim).sort()).toEqual(Object.keys(astroClaim).sort());
    expect(lane.status).toBe(200);
    expect(JSON.parse(astro.body)).toMatchObject({ benefitAmount: 102 });

    const stale = await bothWays(path, staffHeaders(etag), {
      claimNumber: 'B0000001',
      benefitAmount: '102.00',
    });
    expect(stale.lane.status).toBeGreaterThanOrEqual(409);
    const unknown = await bothWays(`/api/admin/claims/${SOME_ID}`, staffHeaders('"0"'), {
      claimNumber: 'B0000001',
      benefitAmount: '1.00',
    });
    expect(unknown.lane.status).toBe(404);
    const asCustomer = await bothWays(path, customerHeaders({ 'if-match': etag }), {
      benefitAmount: '1.00',
    });
    expect(asCustomer.lane.status).toBe(401);
  });

  it('keeps one of ten saves sent at once on one version, and answers the others 409', async () => {
    const etag = (await readAsStaff(claimId)).headers.etag ?? '';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(port, {
          method: 'POST',
          path: `/api/admin/claims/${claimId}`,
          headers: staffHeaders(etag),
          body: JSON.stringify({ claimNumber: 'B0000001', benefitAmount: `${200 + i}.00` }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const kept = answers.find((answer) => answer.status === 200);
    const after = await readAsStaff(claimId);
    expect(after.headers.etag).toBe(kept?.headers.etag);
    expect(JSON.parse(after.body).benefitAmount).toBe(JSON.parse(kept?.body ?? '{}').benefitAmount);
  });

  it('stores one claim for twenty submissions sent at once with one Idempotency-Key', async () => {
    const key = uuidv7();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(port, {
          method: 'POST',
          path: '/api/claims',
          headers: customerHeaders({ 'idempotency-key': key }),
          body: JSON.stringify(claim('LANE-RACE')),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const ids = new Set(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer) => JSON.parse(answer.body).submissionId),
    );
    expect(ids.size).toBe(1);
    const listed = await customer.request(`${portal.base}/api/claims`);
    const claims = ((await listed.json()) as { claims: { policyNumber: string }[] }).claims;
    expect(claims.filter((c) => c.policyNumber === 'LANE-RACE')).toHaveLength(1);
  });

  it('refuses a body over the limit as Astro does, and stores nothing', async () => {
    const events = async () =>
      Number((await portal.db.query('select count(*) from events')).rows[0].count);
    const before = await events();
    const huge = JSON.stringify({ ...claim('LANE-HUGE'), claimDescription: 'x'.repeat(9_000_000) });
    const { lane } = await bothWays('/api/claims', customerHeaders(), huge);
    expect(lane.status).toBe(413);
    expect(await events()).toBe(before);
  });
});
