import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_EVENT_SCHEMAS,
  INTEGRATION_EVENT_TYPES,
  schemaFileName,
} from './claim-integration-events';
import { integrationJsonSchemas } from './json-schemas';

const here = import.meta.dirname;

describe('integration event contract', () => {
  it('keeps one committed JSON Schema per type and version, equal to what the zod shapes give', () => {
    const generated = integrationJsonSchemas();
    const committed = readdirSync(join(here, 'schemas')).sort();
    expect(committed).toEqual(Object.keys(generated).sort());
    for (const [file, schema] of Object.entries(generated)) {
      const onDisk = JSON.parse(readFileSync(join(here, 'schemas', file), 'utf8'));
      expect(onDisk, `${file}: run npm run contracts:schemas`).toEqual(schema);
    }
  });

  it('names each of the six claim events, at version 1', () => {
    expect(INTEGRATION_EVENT_TYPES).toEqual([
      'claim.submitted',
      'claim.documents-added',
      'claim.status-changed',
      'claim.number-assigned',
      'claim.decision-letter-available',
      'claim.decision-letter-read',
    ]);
    for (const type of INTEGRATION_EVENT_TYPES) {
      expect(INTEGRATION_EVENT_SCHEMAS[type].shape.version.value).toBe(1);
    }
  });

  it('documents every type, its version and its schema file in docs/events.md', () => {
    const doc = readFileSync(join(here, '../../docs/events.md'), 'utf8');
    for (const type of INTEGRATION_EVENT_TYPES) {
      expect(doc).toContain(`\`${type}\``);
      expect(doc).toContain(schemaFileName(type, 1));
    }
  });
});
