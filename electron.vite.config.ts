// Build of the three Electron targets (main, preload, renderer). The browser shell
// serves the same renderer output (out/renderer), so this one config feeds both shells.
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const alias = {
  '@': resolve('renderer/src'),
  '@common': resolve('electron/common'),
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: bundle zod and the contract into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        // A sandboxed preload must be CommonJS even though the package is "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('renderer'),
    resolve: { alias },
    plugins: [vue()],
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      sourcemap: false,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
})
