// Renderer entry: filled in by the app shell.
export {}
