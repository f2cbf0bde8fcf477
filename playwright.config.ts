import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const DATA_DIR = '.test-results/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.test-results/playwright-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace by default: recording one for every test cost the suite 10–15 % of its time on
    // 2 cores (docs/testing.md). To keep one of each failing test:
    // `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh data folder each run: the portal starts on embedded defaults, as `npm start` does.
    command: `rm -rf ${DATA_DIR} && node --import tsx infra/launcher/main.ts`,
    url: `http://127.0.0.1:${PORT}/en/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      EMBEDDED_POSTGRES_PORT: String(PORT + 1000),
      DEMO_DATA: 'off',
      LOG_FORMAT: 'json',
      TENANT_HOST_SUFFIX: 'localhost',
      // Every test customer registers from 127.0.0.1: one address standing for many people.
      IDENTITY_ADDRESS_LIMIT_FACTOR: '20',
      // The Audit tab's checkpoint verdict within a second or two, not the default minute.
      AUDIT_CHECKPOINT_INTERVAL_MS: '1000',
    },
  },
});
