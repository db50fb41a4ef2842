import { defineConfig, devices } from '@playwright/test';

/**
 * E2E in Debian's Chromium against the real API (fresh temporary database) and the production build.
 * `e2e/global-setup.ts` starts both and hands their addresses over in the environment.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Spec files run two at a time (one per core), each file's tests in order; every journey makes its own
  // people and projects, so files do not share state beyond the team.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // No second tries: a journey that fails once is a race in the product or the test, found and fixed.
  retries: 0,
  // A journey that does every step right but slowly is not a failure: runs on this machine have gone from 21 to 33
  // minutes, and three journeys finished every step just past 30 s. A real hang still fails, a minute later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each journey's time in the log: where the suite's minutes go.
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_WEB_URL,
    channel: undefined,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
