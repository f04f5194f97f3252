// Hono environment shared by the demo store's modules: what the auth middleware
// leaves on the context for the routes behind it.
export interface Grant {
  token: string
  clientId: string
  scopes: string[]
}

export interface DemoEnv {
  Variables: {
    grant: Grant
  }
}
