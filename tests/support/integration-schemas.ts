import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { schemaFileName } from '@contracts/integration/claim-integration-events';

const SCHEMA_DIR = join(import.meta.dirname, '../../contracts/integration/schemas');

/**
 * Validates a published message against the committed JSON Schema of its type and version,
 * with Ajv (an independent validator, not the zod shapes the files were generated from).
 * Returns the problems, or [] when it is valid.
 */
export function integrationSchemaValidator(): (message: unknown) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(ajv);
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')), file);
  }
  return (message) => {
    const { type, version } = (message ?? {}) as { type?: unknown; version?: unknown };
    if (typeof type !== 'string' || typeof version !== 'number') {
      return ['no string type and numeric version'];
    }
    const validate = ajv.getSchema(schemaFileName(type as never, version));
    if (!validate) return [`no schema for ${type} v${version}`];
    if (validate(message)) return [];
    return (validate.errors ?? []).map((e) => `${type}${e.instancePath} ${e.message ?? ''}`);
  };
}
