// Vite's `import.meta.glob` types, used by the corpus round-trip test to read e2e fixtures.
/// <reference types="vite/client" />
