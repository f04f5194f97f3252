// Unit tests: electron/ under plain Node (the services must not need Electron),
// renderer/ under happy-dom with fake-indexeddb standing in for IndexedDB.
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const alias = { '@': resolve('renderer/src'), '@common': resolve('electron/common') }

// The test processes run in one locale whatever the machine's, so what a test expects to read
// does not change with it. The renderer formats in the app's language and the system's region
// (session/i18n: navigator.languages, en-US under happy-dom as in the end-to-end specs' Chromium),
// so its tests read "Oct 24, 2026, 3:00 AM"; a test that wants another sets it.
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
          setupFiles: ['fake-indexeddb/auto', 'renderer/src/session/i18n/testing/all-languages.ts'],
          // Files a renderer test needs from disk, read under Node and provided (inject()).
          globalSetup: ['scripts/blog-corpus.ts', 'scripts/demo-orders.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
