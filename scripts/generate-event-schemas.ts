// `npm run contracts:schemas`: writes contracts/integration/schemas/*.schema.json from the zod shapes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrationJsonSchemas } from '../contracts/integration/json-schemas';

const dir = join(import.meta.dirname, '../contracts/integration/schemas');
mkdirSync(dir, { recursive: true });
for (const [file, schema] of Object.entries(integrationJsonSchemas())) {
  writeFileSync(join(dir, file), `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(`wrote contracts/integration/schemas/${file}\n`);
}
