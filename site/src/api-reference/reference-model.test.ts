import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@contracts/api/openapi';
import { referenceOf } from './reference-model';

type Paths = Record<string, Record<string, { operationId: string; responses: object }>>;

describe('the API reference page’s reading of the document (decision 137)', () => {
  const document = buildOpenApiDocument('test');
  const reference = referenceOf(document);
  const operations = reference.flatMap((tag) => tag.operations);

  it('shows every operation of the document, each with every status it declares', () => {
    const declared = Object.entries(document.paths as Paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        id: op.operationId,
        line: `${method.toUpperCase()} ${path}`,
        statuses: Object.keys(op.responses),
      })),
    );
    expect(operations.map((op) => op.id).sort()).toEqual(declared.map((op) => op.id).sort());
    for (const op of declared) {
      const shown = operations.find((o) => o.id === op.id);
      expect(`${shown?.method} ${shown?.path}`).toBe(op.line);
      expect(shown?.responses.map((r) => r.status)).toEqual(op.statuses);
      for (const response of shown?.responses ?? [])
        expect(response.description, `${op.id} ${response.status}`).not.toBe('');
    }
  });

  it('follows references: a problem status carries its words and media type', () => {
    const save = operations.find((op) => op.id === 'saveClaimDraft');
    expect(save?.responses.find((r) => r.status === '428')).toEqual({
      status: '428',
      description: 'The write must name the version it is based on (If-Match)',
      mediaType: 'application/problem+json',
    });
    expect(save?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['If-Match', 'header', true],
    ]);
    const answers = save?.body?.fields.find((f) => f.name === 'answers');
    expect(answers?.fields.map((f) => f.name)).toContain('policyNumber');
    expect(answers?.fields.find((f) => f.name === 'policyNumber')?.rules).toContain('maxLength 20');
  });
});
