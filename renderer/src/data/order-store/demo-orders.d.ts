// The demo store's orders of seed 42 as a Node-side vitest setup (scripts/demo-orders.ts) hands
// them to the renderer's tests. Seen by both type scopes (tsconfig.node.json names this file),
// which share no path to the store's Order type: the tests read them as orders.
declare module 'vitest' {
  interface ProvidedContext {
    demoOrders42: object[]
  }
}

export {}
