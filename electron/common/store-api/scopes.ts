// The four permissions a store can grant, apart from the operations table (operations.ts
// re-exports them): the Connect page lists them, and it is a new user's first screen, which
// does not load zod and every schema of the API for a list of four words (docs/benchmarks.md,
// figure 5).
export const SCOPES = ['read_orders', 'write_orders', 'read_content', 'write_content'] as const
export type Scope = (typeof SCOPES)[number]
