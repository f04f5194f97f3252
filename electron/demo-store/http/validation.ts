// Validates a parsed request value with a zod schema, turning a failure into the one error
// shape's 422 with a message per field (dotted paths, `(body)` for the value as a whole).
import type { z } from 'zod'
import { ApiError } from './errors'

export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : '(body)'
    ;(fields[name] ??= []).push(issue.message)
  }
  throw new ApiError(422, 'Some fields are missing or invalid.', fields)
}
