// Reading JSON that must have a shape (a saved file, a store's answer): text that is not JSON at
// all fails the same way as JSON of the wrong shape, so each caller handles one failure.
import type { z } from 'zod'

/** `schema.safeParse` of `text` read as JSON. */
export function parseJsonAs<T extends z.ZodType>(schema: T, text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return schema.safeParse(json)
}
