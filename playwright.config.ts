// End-to-end suite: each spec is written once and runs in the browser shell (default, on a
// system Chromium) or the Electron shell (E2E_SHELL=electron, where an Electron binary exists).
import { defineConfig } from '@playwright/test'
import { findChromium } from './e2e/support/chromium'

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The specs' own type scope: tsconfig.json's references would also bring the renderer's path
  // mappings (papaparse's typings stand-in) into how the specs' imports resolve.
  tsconfig: './tsconfig.e2e.json',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two workers: the machines this runs on have two cores; specs are isolated (own host, store, profile).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.E2E_SHELL === 'electron' ? undefined : findChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
