// The one base path the bench page and bench/run.ts share: the page's store calls go to
// `${BENCH_IPC}/ipc/invoke/store.call` (the renderer's HTTP transport) and its files are served
// under it.
export const BENCH_IPC = '/__bench'
