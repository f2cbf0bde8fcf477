import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@contracts/api/endpoints';
import { buildOpenApiDocument } from '@contracts/api/openapi';

const API_DIR = join(import.meta.dirname, '../../site/src/pages/api');
const UNDOCUMENTED = new Set(['/api/openapi.json']);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** site/src/pages/api/claims/[submissionId].ts → /api/claims/{submissionId} */
function pathOf(file: string): string {
  const route = relative(API_DIR, file)
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');
  return `/api${route ? `/${route}` : ''}`;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with a schema for every request body and success body', () => {
    const document = buildOpenApiDocument('test') as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/claims']?.post?.requestBody).toBeDefined();
  });

  it('links a new claim to operations that exist and take its submissionId', () => {
    const byId = new Map(API_ENDPOINTS.map((endpoint) => [endpoint.operationId, endpoint]));
    const links = API_ENDPOINTS.flatMap((endpoint) => Object.values(endpoint.success.links ?? {}));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(byId.get(link.operationId)?.path, link.operationId).toContain('{submissionId}');
    }
  });

  it('documents exactly the methods each API route file exports', async () => {
    const documented = new Set(API_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const implemented = new Set<string>();
    for (const file of routeFiles(API_DIR)) {
      const path = pathOf(file);
      if (UNDOCUMENTED.has(path)) continue;
      const module = (await import(file)) as Record<string, unknown>;
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        if (module[method]) implemented.add(`${method} ${path}`);
      }
    }
    expect([...implemented].sort()).toEqual([...documented].sort());
  });
});
