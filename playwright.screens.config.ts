import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: the e2e portal, photographed into docs/screens/ (not part of npm test). */
export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  timeout: 300_000,
  reporter: [['list']],
});
