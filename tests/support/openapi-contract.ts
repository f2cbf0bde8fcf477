import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One answer a route gave: the operation it belongs to, its status and its body. */
export interface ObservedAnswer {
  readonly method: string;
  /** The OpenAPI path template, e.g. /api/claims/{submissionId}. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: Record<string, Record<string, unknown>>;
};

/** Every `$ref` of the document, and those that point at nothing. */
export function unresolvedRefs(document: unknown): string[] {
  const refs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.push(value);
        else walk(value);
      }
    }
  };
  walk(document);
  return refs.filter((ref) => {
    if (!ref.startsWith('#/')) return false; // zod's own local $defs refs are inside schemas
    let node: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[part];
    }
    return node === undefined;
  });
}

function resolve(document: OpenApiDocument, node: unknown): Record<string, unknown> {
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node as Record<string, unknown>;
  const name = ref.split('/').pop() as string;
  return document.components.responses?.[name] as Record<string, unknown>;
}

/**
 * What is wrong with an answer against the document: a status the operation does not
 * declare, a content type it does not name, a body its schema refuses. Empty when it conforms.
 */
export function contractViolations(document: unknown, answer: ObservedAnswer): string[] {
  const doc = document as OpenApiDocument;
  const label = `${answer.method} ${answer.path} ${answer.status}`;
  const operation = doc.paths[answer.path]?.[answer.method.toLowerCase()];
  if (!operation) return [`${label}: no such operation`];
  const declared = operation.responses[String(answer.status)];
  if (!declared) return [`${label}: undocumented status`];
  const content = resolve(doc, declared).content as Record<string, { schema: unknown }> | undefined;
  if (!content) return [];
  const type = answer.contentType?.split(';')[0]?.trim() ?? '';
  const media = content[type];
  if (!media) return [`${label}: undocumented content type ${type}`];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ components: doc.components }, 'doc');
  const schema = JSON.parse(
    JSON.stringify(media.schema).replaceAll('"#/components/', '"doc#/components/'),
  );
  const validate = ajv.compile(schema);
  if (validate(answer.body)) return [];
  return [`${label}: body refused: ${ajv.errorsText(validate.errors)}`];
}
