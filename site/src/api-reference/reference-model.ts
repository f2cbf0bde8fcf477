/**
 * The API reference page's reading of the OpenAPI document (buildOpenApiDocument): operations
 * by tag, each with its parameters, request body outline and every response status. Rendered
 * on the server, so the page needs no script (decision 137).
 */

type Json = Record<string, unknown>;

export interface SchemaField {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly rules: string;
  readonly fields: readonly SchemaField[];
}

interface ReferenceOperation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly security: string;
  readonly parameters: readonly (SchemaField & { readonly in: string; readonly about: string })[];
  readonly body?: { readonly mediaType: string; readonly fields: readonly SchemaField[] };
  readonly responses: readonly {
    readonly status: string;
    readonly description: string;
    readonly mediaType: string;
  }[];
}

export interface ReferenceTag {
  readonly name: string;
  readonly operations: readonly ReferenceOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const RULES = ['format', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'];

const asJson = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** A `#/components/…` reference followed to what it names. */
function resolved(document: Json, node: unknown): Json {
  const ref = asJson(node).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return asJson(node);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => asJson(at[key]), document);
}

const refName = (node: unknown): string | undefined => {
  const ref = asJson(node).$ref;
  return typeof ref === 'string' ? ref.split('/').at(-1) : undefined;
};

function typeOf(document: Json, node: unknown): string {
  const name = refName(node);
  if (name) return name;
  const schema = asJson(node);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(options)) return options.map((o) => typeOf(document, o)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `${typeOf(document, schema.items)}[]`;
  return typeof type === 'string' ? type : 'any JSON';
}

function rulesOf(node: unknown): string {
  const schema = asJson(node);
  const rules = RULES.filter((rule) => schema[rule] !== undefined).map(
    (rule) => `${rule} ${String(schema[rule])}`,
  );
  if (typeof schema.pattern === 'string' && schema.pattern.length <= 80)
    rules.push(`pattern ${schema.pattern}`);
  if (typeof schema.description === 'string') rules.push(schema.description);
  return rules.join('; ');
}

/** The properties of an object schema (or of an array's items), a few levels deep. */
function fieldsOf(document: Json, node: unknown, depth = 0): SchemaField[] {
  if (depth > 4 || refName(node)) return [];
  const schema = asJson(node);
  if (schema.type === 'array') return fieldsOf(document, schema.items, depth);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(asJson(schema.properties)).map(([name, property]) => ({
    name,
    type: typeOf(document, property),
    required: required.has(name),
    rules: rulesOf(property),
    fields: fieldsOf(document, property, depth + 1),
  }));
}

function securityOf(operation: Json): string {
  const requirements = Array.isArray(operation.security) ? operation.security : [];
  const names = requirements.flatMap((r) => Object.keys(asJson(r)));
  return names.length > 0 ? names.join(', ') : 'none';
}

function operationOf(document: Json, path: string, method: string, node: Json): ReferenceOperation {
  const parameters = (Array.isArray(node.parameters) ? node.parameters : []).map((p) => {
    const parameter = resolved(document, p);
    return {
      name: String(parameter.name),
      in: String(parameter.in),
      type: typeOf(document, parameter.schema),
      required: parameter.required === true,
      rules: rulesOf(parameter.schema),
      about: typeof parameter.description === 'string' ? parameter.description : '',
      fields: [],
    };
  });
  const content = Object.entries(asJson(resolved(document, node.requestBody).content))[0];
  const responses = Object.entries(asJson(node.responses)).map(([status, r]) => {
    const response = resolved(document, r);
    return {
      status,
      description: String(response.description ?? ''),
      mediaType: Object.keys(asJson(response.content)).join(', '),
    };
  });
  return {
    id: String(node.operationId ?? `${method}-${path}`),
    method: method.toUpperCase(),
    path,
    summary: String(node.summary ?? ''),
    security: securityOf(node),
    parameters,
    ...(content
      ? { body: { mediaType: content[0], fields: fieldsOf(document, asJson(content[1]).schema) } }
      : {}),
    responses,
  };
}

/** Every operation of the document under its first tag, tags and operations in path order. */
export function referenceOf(document: Json): ReferenceTag[] {
  const byTag = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(asJson(document.paths))) {
    for (const method of METHODS) {
      const node = asJson(item)[method];
      if (node === undefined) continue;
      const operation = asJson(node);
      const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationOf(document, path, method, operation)]);
    }
  }
  return [...byTag].map(([name, operations]) => ({ name, operations }));
}
