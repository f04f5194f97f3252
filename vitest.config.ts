// Unit tests: electron/ under plain Node (the services must not need Electron),
// renderer/ under happy-dom with fake-indexeddb standing in for IndexedDB.
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const alias = { '@': resolve('renderer/src'), '@common': resolve('electron/common') }

// The test processes run in one locale whatever the machine's, so what a test expects to read
// (a 24-hour clock, "Oct 24, 2026") does not change with it. The app follows the system's locale
// (ui/dates.ts); its tests pass the 12-hour clock explicitly, and the end-to-end specs run in
// Chromium's en-US.
process.env.LC_ALL = 'en_GB.UTF-8'

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['electron/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
          // Files a renderer test needs from disk, read under Node and provided (inject()).
          globalSetup: ['scripts/blog-corpus.ts', 'scripts/demo-orders.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
