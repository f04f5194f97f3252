// Electron main entry: filled in by the app shell (see docs/architecture.md).
export {}
