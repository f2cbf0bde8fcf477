import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalUnderTest, startPortalUnderTest } from '../faults/portal-under-test';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { TestBrowser } from '../support/oidc-test-provider';
import { closeAgents, type RawAnswer, send } from '../support/raw-http';

const TOKEN = /^own_write=(\d+\.\d+); Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/;
const DROPPED = /^own_write=deleted; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT;/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decision 096: a command answers once its event is stored and hands back its position; the
 * same caller's next read waits until the read models show it. Here the claims projector is
 * held back by a lock on its checkpoint, so nothing but the token can make the read see it.
 */
describe('read-your-writes by token on `npm start`', () => {
  let portal: PortalUnderTest;
  let port: number;
  const customer = new TestBrowser();

  beforeAll(async () => {
    portal = await startPortalUnderTest();
    port = Number(new URL(portal.base).port);
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    closeAgents();
    await portal?.stop();
  });

  const sessionCookies = () =>
    ['session', 'csrf_token'].map((name) => `${name}=${customer.cookie(name) ?? ''}`).join('; ');
  const submit = (policyNumber: string) =>
    send(port, {
      method: 'POST',
      path: '/api/claims',
      headers: {
        'content-type': 'application/json',
        origin: portal.base,
        cookie: sessionCookies(),
        'x-csrf-token': customer.cookie('csrf_token') ?? '',
      },
      body: JSON.stringify({
        policyNumber,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        documents: [],
      }),
    });
  const read = (path: string, token?: string) =>
    send(port, {
      method: 'GET',
      path,
      headers: { cookie: token ? `${sessionCookies()}; own_write=${token}` : sessionCookies() },
    });
  const listed = (answer: RawAnswer) =>
    (JSON.parse(answer.body) as { claims: Array<{ submissionId: string }> }).claims.map(
      (c) => c.submissionId,
    );

  /** Holds the claims projector: its batch moves this row in the same statement. */
  async function holdProjector(): Promise<pg.PoolClient> {
    const client = await portal.db.connect();
    await client.query('begin');
    await client.query(`select 1 from projection_checkpoints where name = 'claims' for update`);
    return client;
  }

  it('answers a submission before the read model shows it; the next read with its token waits and shows it', async () => {
    const held = await holdProjector();
    let released = false;
    try {
      const answer = await submit('OWN-WRITE-1');
      expect(answer.status).toBe(201);
      const { submissionId } = JSON.parse(answer.body) as { submissionId: string };
      const token = TOKEN.exec(answer.headers['set-cookie'] ?? '')?.[1];
      expect(token, answer.headers['set-cookie']).toBeDefined();

      // Without the token, a read does not wait: the projector is held, the claim not shown.
      const stale = await read('/api/claims');
      expect(stale.status).toBe(200);
      expect(listed(stale)).not.toContain(submissionId);

      const pending = { api: read('/api/claims', token), page: read('/en/dashboard', token) };
      const settled = await Promise.race([
        Promise.all([pending.api, pending.page]).then(() => 'answered'),
        sleep(700).then(() => 'waiting'),
      ]);
      expect(settled).toBe('waiting');
      await held.query('rollback');
      released = true;
      const [api, page] = await Promise.all([pending.api, pending.page]);
      expect(api.status).toBe(200);
      expect(listed(api)).toContain(submissionId);
      expect(page.status).toBe(200);
      expect(page.body).toContain(submissionId);
    } finally {
      if (!released) await held.query('rollback');
      held.release();
    }
  }, 60_000);

  it('a read of the claim by id, without the token, waits for the read model instead of answering 404', async () => {
    const held = await holdProjector();
    let released = false;
    try {
      const answer = await submit('OWN-WRITE-2');
      const { submissionId } = JSON.parse(answer.body) as { submissionId: string };
      // An id the log does not hold is not found at once, held projector or not.
      const unknown = await read('/api/claims/0190b6d2-7c1e-7a3b-9f00-1c2d3e4f5a6b');
      expect(unknown.status).toBe(404);

      const pending = {
        claim: read(`/api/claims/${submissionId}`),
        documents: read(`/api/claims/${submissionId}/documents`),
      };
      const settled = await Promise.race([
        Promise.all([pending.claim, pending.documents]).then(() => 'answered'),
        sleep(700).then(() => 'waiting'),
      ]);
      expect(settled).toBe('waiting');
      await held.query('rollback');
      released = true;
      expect((await pending.claim).status).toBe(200);
      expect((await pending.documents).status).toBe(200);
    } finally {
      if (!released) await held.query('rollback');
      held.release();
    }
  }, 60_000);

  it('waits out a projector takeover (a frozen leader: its lease, TTL + TTL/3, then the batch), not just 3 s', async () => {
    const held = await holdProjector();
    let released = false;
    try {
      const answer = await submit('OWN-WRITE-TAKEOVER');
      expect(answer.status).toBe(201);
      const { submissionId } = JSON.parse(answer.body) as { submissionId: string };
      const token = TOKEN.exec(answer.headers['set-cookie'] ?? '')?.[1];
      const pending = read('/api/claims', token);
      // The default 5 s TTL: a standby leads within 6.7 s; here the projector is back at 4.5 s.
      await sleep(4_500);
      await held.query('rollback');
      released = true;
      const api = await pending;
      expect(api.status).toBe(200);
      expect(listed(api)).toContain(submissionId);
    } finally {
      if (!released) await held.query('rollback');
      held.release();
    }
  }, 60_000);

  it('a mangled or forged token is dropped, changes nothing and never answers 500', async () => {
    for (const token of ['abc', '1.2.3', '-1.0', '1%002', `${'9'.repeat(20)}.1`]) {
      const answer = await read('/api/claims', token);
      expect(answer.status, token).toBe(200);
      expect(answer.headers['set-cookie'], token).toMatch(DROPPED);
    }
    // A well-formed position the log never reaches: the read waits (7.7 s at the 5 s TTL), then answers.
    const started = Date.now();
    const far = await read('/api/claims', '9223372036854775807.9223372036854775807');
    expect(far.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_500);
    expect(far.headers['set-cookie']).toMatch(DROPPED);
  }, 60_000);
});
