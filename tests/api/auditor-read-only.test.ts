import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@contracts/api/endpoints';
import type { StaffRole } from '@contracts/principals';
import {
  type ApiHarness,
  getRequest,
  jsonRequest,
  openApiHarness,
  pdf,
  staffEtag,
  submitSampleClaim,
  sharedCookies,
} from './api-harness';

const API_ROOT = join(process.cwd(), 'site/src/pages/api');
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const READ_METHODS = ['GET', 'HEAD'] as const;

interface StaffRoute {
  /** The route as Astro serves it, e.g. /api/admin/claims/[submissionId]. */
  readonly route: string;
  readonly handlers: Readonly<Record<string, APIRoute>>;
}

/**
 * Every staff endpoint, from the file system: anything under /api/admin, and any other API
 * file that calls a staff guard. A route added tomorrow is in this list without anyone
 * remembering it.
 */
async function staffRoutes(): Promise<StaffRoute[]> {
  const files = (await readdir(API_ROOT, { recursive: true })).filter((f) => /\.ts$/.test(f));
  const routes: StaffRoute[] = [];
  for (const file of files.sort()) {
    const path = join(API_ROOT, file);
    const source = await readFile(path, 'utf8');
    const route = `/api/${relative(API_ROOT, path)}`.replace(/(\/index)?\.ts$/, '');
    if (!route.startsWith('/api/admin/') && !/\brequireStaff/.test(source)) continue;
    routes.push({ route, handlers: (await import(path)) as Record<string, APIRoute> });
  }
  return routes;
}

/** A request each staff write accepts from an agent: the proof that its refusal is the role's. */
type WriteSample = (submissionId: string) => Promise<Request>;
const WRITE_SAMPLES: Readonly<Record<string, WriteSample>> = {
  'POST /api/admin/claims/[submissionId]': async (id) =>
    jsonRequest(
      `/api/admin/claims/${id}`,
      { claimNumber: 'AUD1', decisionLetter: pdf('decision-letter.pdf') },
      { 'if-match': await staffEtag(id) },
    ),
};

/**
 * Non-safe endpoints that only record that staff looked at something (a document view):
 * reads for decision 062, open to auditors. Empty today; an entry here must be a record of a
 * read, never a change to a claim.
 */
const READS_THAT_RECORD: Readonly<Record<string, WriteSample>> = {};

/** Queries some reads need; every other read is asked with none. */
const READ_QUERIES: Readonly<Record<string, string>> = {
  'GET /api/admin/claims/search': '?type=email&value=alice@example.com',
  'GET /api/admin/claims/[submissionId]/as-of': '?at=2100-01-01T00:00:00Z',
};

const staff = (role: StaffRole) => ({
  staff: { staffId: `staff-${role}`, email: `${role}@claims.example` },
  staffRole: role,
});

/** What the principal middleware hands an endpoint for a staff session of this role. */
function staffContext(request: Request, route: string, submissionId: string, role: StaffRole) {
  const params = Object.fromEntries(
    [...route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [
      name,
      name === 'submissionId' ? submissionId : 'unknown',
    ]),
  );
  return {
    request,
    params,
    url: new URL(request.url),
    cookies: sharedCookies,
    locals: { requestId: 'test-request', tenant: 'admin', lang: 'en', ...staff(role) },
  } as unknown as APIContext;
}

const endpointsOf = (routes: StaffRoute[], methods: readonly string[]) =>
  routes.flatMap(({ route, handlers }) =>
    methods.filter((method) => handlers[method]).map((method) => `${method} ${route}`),
  );

describe('the auditor reads every staff view and writes nothing (decision 062)', () => {
  let api: ApiHarness;
  let routes: StaffRoute[];
  let submissionId: string;
  const handler = (endpoint: string) => {
    const [method = '', route] = endpoint.split(' ');
    const found = routes.find((r) => r.route === route)?.handlers[method];
    if (!found) throw new Error(`no handler for ${endpoint}`);
    return found;
  };

  beforeAll(async () => {
    api = await openApiHarness();
    routes = await staffRoutes();
    submissionId = await submitSampleClaim();
  });
  afterAll(() => api.close());

  it('finds the staff routes on disk, the claim save among the writes', () => {
    expect(routes.map((r) => r.route)).toEqual(
      expect.arrayContaining(['/api/admin/claims/search', '/api/admin/claims/[submissionId]']),
    );
    expect(endpointsOf(routes, WRITE_METHODS)).toContain('POST /api/admin/claims/[submissionId]');
  });

  it('finds on disk every staff write the route table (contracts/api/endpoints.ts) documents', () => {
    const documented = API_ENDPOINTS.filter(
      (e) => e.audience === 'staff' && (WRITE_METHODS as readonly string[]).includes(e.method),
    ).map((e) => `${e.method} ${e.path.replace(/\{(\w+)\}/g, '[$1]')}`);
    expect(documented.length).toBeGreaterThan(0);
    expect(endpointsOf(routes, WRITE_METHODS)).toEqual(expect.arrayContaining(documented));
  });

  it('has a sample request for every staff write endpoint (add one for a new route)', () => {
    const unclassified = endpointsOf(routes, WRITE_METHODS).filter(
      (e) => !WRITE_SAMPLES[e] && !READS_THAT_RECORD[e],
    );
    expect(unclassified).toEqual([]);
  });

  it('answers 403 problem+json to the auditor on every staff write, appending and storing nothing', async () => {
    const writes = endpointsOf(routes, WRITE_METHODS);
    for (const endpoint of writes) {
      const sample = WRITE_SAMPLES[endpoint];
      if (!sample) continue;
      const [events, objects] = [await api.eventCount(), await api.objectCount()];
      const route = endpoint.split(' ')[1] ?? '';
      const response = await handler(endpoint)(
        staffContext(await sample(submissionId), route, submissionId, 'auditor'),
      );
      expect(response.status, endpoint).toBe(403);
      expect(response.headers.get('content-type'), endpoint).toBe('application/problem+json');
      expect(await response.json(), endpoint).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect([await api.eventCount(), await api.objectCount()], endpoint).toEqual([
        events,
        objects,
      ]);
    }
  });

  it('lets an agent make the very same writes: the refusal is the role, not the request', async () => {
    for (const endpoint of endpointsOf(routes, WRITE_METHODS)) {
      const sample = WRITE_SAMPLES[endpoint];
      if (!sample) continue;
      const events = await api.eventCount();
      const route = endpoint.split(' ')[1] ?? '';
      const response = await handler(endpoint)(
        staffContext(await sample(submissionId), route, submissionId, 'agent'),
      );
      expect(response.status, `${endpoint}: ${await response.clone().text()}`).toBeLessThan(300);
      expect(await api.eventCount(), endpoint).toBeGreaterThan(events);
    }
  });

  it('admits the auditor to the non-safe endpoints that only record a read', async () => {
    for (const [endpoint, sample] of Object.entries(READS_THAT_RECORD)) {
      const route = endpoint.split(' ')[1] ?? '';
      const response = await handler(endpoint)(
        staffContext(await sample(submissionId), route, submissionId, 'auditor'),
      );
      expect(response.status, endpoint).toBeLessThan(300);
    }
  });

  // After the agent's save above, so the claim has a decision letter to read.
  it('admits the auditor to every staff read', async () => {
    const reads = endpointsOf(routes, READ_METHODS);
    expect(reads).toEqual(
      expect.arrayContaining([
        'GET /api/admin/claims/search',
        'GET /api/admin/claims/[submissionId]',
        'GET /api/admin/claims/[submissionId]/history',
        'GET /api/admin/claims/[submissionId]/events',
      ]),
    );
    for (const endpoint of reads) {
      const route = endpoint.split(' ')[1] ?? '';
      const path = route.replace('[submissionId]', submissionId) + (READ_QUERIES[endpoint] ?? '');
      const response = await handler(endpoint)(
        staffContext(getRequest(path), route, submissionId, 'auditor'),
      );
      const message = `${endpoint} answered ${response.status}`;
      // A route with a parameter this test cannot fill (a document id) may say 404; never 401/403.
      if (/\[(?!submissionId\])/.test(route))
        expect([401, 403], message).not.toContain(response.status);
      else expect(response.status, message).toBe(200);
    }
  });
});
