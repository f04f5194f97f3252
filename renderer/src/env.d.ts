// Ambient types for the renderer: Vite's client types (import.meta.hot for Pinia's
// acceptHMRUpdate, asset imports). tsconfig.renderer.json sets `types: []` so Node globals
// never type-check here; this brings back only what Vite provides in the browser.
/// <reference types="vite/client" />
