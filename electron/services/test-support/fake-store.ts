// A tiny stand-in store for the services' tests: a real HTTP server on 127.0.0.1 (port 0)
// that answers the OAuth token exchange and a few API routes, and records every request it
// received so a test can assert what the store saw (or that it saw nothing).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  url: string
  authorization: string | undefined
  body: string
}

export type FakeRoute = (request: ReceivedRequest) => { status: number; body?: unknown; headers?: Record<string, string> }

export interface FakeStore {
  url: string
  shop: string
  received: ReceivedRequest[]
  /** Answers for `METHOD /path` (path without query); unlisted routes answer 404. */
  routes: Map<string, FakeRoute>
  /** While true every connection is dropped unanswered, as by a store that went away. */
  unreachable: boolean
  close(): Promise<void>
}

export const FAKE_TOKEN = 'tok_secret_0123456789abcdef'

export async function startFakeStore(): Promise<FakeStore> {
  const received: ReceivedRequest[] = []
  const routes = new Map<string, FakeRoute>()
  routes.set('POST /api/admin/app_store/oauth/token', () => ({ status: 200, body: { access_token: FAKE_TOKEN, scope: 'read_orders,write_orders' } }))
  routes.set('GET /openapi/2021-08/checkouts/count', () => ({ status: 200, body: { count: 7 } }))

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (handle.unreachable) {
      req.socket.destroy()
      return
    }
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const request: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body }
      received.push(request)
      const route = routes.get(`${request.method} ${request.url.split('?')[0]}`)
      const answer = route ? route(request) : { status: 404, body: { error: { status: 404, code: 'not_found', message: 'No such thing.' } } }
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const handle: FakeStore = {
    url: `http://127.0.0.1:${port}`,
    shop: `127.0.0.1:${port}`,
    received,
    routes,
    unreachable: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return handle
}
