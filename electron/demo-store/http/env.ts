// Hono environment shared by the demo store's modules: what the auth middleware
// and the public addresses' middleware leave on the context for the routes behind them.
export interface Grant {
  token: string
  clientId: string
  scopes: string[]
}

export interface DemoEnv {
  Variables: {
    grant: Grant
    /** Turns the public site's addresses in a request body back into the form the data keeps (public/addresses.ts). */
    storedText: (text: string) => string
  }
}
