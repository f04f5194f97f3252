// Reads a JSON request body the way the demo store's contract says (docs/demo-store.md):
// 415 unless Content-Type is application/json, 413 past MAX_BODY_BYTES, 400 for bytes that
// are not UTF-8 or text that is not JSON. Route handlers validate the parsed value with
// the operation's zod schema afterwards (422). The public site's own addresses in it are read
// in the form the data keeps (public/addresses.ts).
import type { Context } from 'hono'
import type { DemoEnv } from './env'
import { ApiError } from './errors'

export const MAX_BODY_BYTES = 2 * 1024 * 1024

export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'Send the request body as JSON with Content-Type: application/json.')
  }
  const declared = Number(c.req.header('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  if (bytes.byteLength > MAX_BODY_BYTES) throw new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ApiError(400, 'The request body is not valid UTF-8.')
  }
  const stored = (c as Context<DemoEnv>).get('storedText')
  try {
    return JSON.parse(stored ? stored(text) : text)
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.')
  }
}
