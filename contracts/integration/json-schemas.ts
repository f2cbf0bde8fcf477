import { z } from 'zod';
import {
  INTEGRATION_EVENT_SCHEMAS,
  type IntegrationEventType,
  schemaFileName,
} from './claim-integration-events';

const SCHEMA_ID_BASE = 'https://claims-portal.local/contracts/integration/';

/**
 * The JSON Schema (draft 2020-12) of each published type and version, keyed by its file name
 * in contracts/integration/schemas/. `npm run contracts:schemas` writes them; a test fails
 * when a file differs from what the zod shapes give.
 */
export function integrationJsonSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    (Object.keys(INTEGRATION_EVENT_SCHEMAS) as IntegrationEventType[]).map((type) => {
      const shape = INTEGRATION_EVENT_SCHEMAS[type];
      const version = shape.shape.version.value;
      const file = schemaFileName(type, version);
      const schema = z.toJSONSchema(shape, { target: 'draft-2020-12' }) as Record<string, unknown>;
      const { $schema, ...rest } = schema;
      return [file, { $schema, $id: `${SCHEMA_ID_BASE}schemas/${file}`, title: type, ...rest }];
    }),
  );
}
