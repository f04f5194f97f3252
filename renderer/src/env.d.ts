// Ambient types for the renderer: Vite's client types (import.meta.hot for Pinia's
// acceptHMRUpdate, asset imports), and `window.storedesk`, typed from the IPC contract. tsconfig.renderer.json sets `types: []` so Node globals
// never type-check here; this brings back only what Vite provides in the browser.
/// <reference types="vite/client" />

interface Window {
  /** Exposed by the Electron preload (electron/preload/index.ts); absent in the browser shell. */
  storedesk?: import('@common/ipc-contract').PreloadApi
}
