// One list of import aliases for Astro/Vite and Vitest; tsconfig.json mirrors it for the type checker and tsx.
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@contracts': here('./contracts'),
  '@services': here('./services'),
  '@projections': here('./projections'),
  '@infra': here('./infra'),
  '@site': here('./site/src'),
  '@tests': here('./tests'),
};
