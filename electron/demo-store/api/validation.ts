// Request checking shared by the route handlers: path ids, query strings and JSON bodies
// are validated with the operation's zod schema from the API table; every failure becomes
// the one error shape (ApiError 422 with per-field messages, field paths joined with '.').
import type { Context } from 'hono'
import type { z } from 'zod'
import { operations, type OperationName } from '../../common/store-api/operations'
import { ApiError } from '../http/errors'
import { readJsonBody } from '../http/body'

/** Hono route path of an operation: `/openapi/<version>/...` with `{id}` as `:id`. */
export function routePath(name: OperationName): string {
  const spec = operations[name]
  return `/openapi/${spec.version}${spec.path.replace(/\{(\w+)\}/g, ':$1')}`
}

export function issuesToFields(issues: readonly z.core.$ZodIssue[], root: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}

export function validationError(fields: Record<string, string[]>): ApiError {
  const summary = Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join('; ')}`).join(' | ')
  return new ApiError(422, `The request is not valid. ${summary}`, fields)
}

/** A positive integer id from the path; anything else names no resource, so 404. */
export function pathId(c: Context, what: string, param = 'id'): number {
  const raw = c.req.param(param) ?? ''
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ApiError(404, `No ${what} with id ${JSON.stringify(raw.slice(0, 40))}.`)
  return Number(raw)
}

/** `item`, or the store's 404 naming what was not found (`No blog with id 7.`). */
export function found<T>(item: T | undefined | null, what: string, id: number): T {
  if (item === undefined || item === null) throw new ApiError(404, `No ${what} with id ${id}.`)
  return item
}

const NUMERIC_QUERY = new Set(['page', 'page_size'])

/**
 * Validates the query string with the operation's schema. Query values arrive as strings;
 * page and page_size are turned into numbers first when they are whole numbers, so "abc"
 * or "1.5" still fails with a clear message. Repeated parameters use their first value.
 */
export function parseQuery<N extends OperationName>(c: Context, name: N): Operations[N] extends { query: infer Q extends z.ZodType } ? z.output<Q> : never {
  const spec = operations[name] as { query?: z.ZodType }
  if (!spec.query) throw new Error(`${name} has no query schema`)
  const raw = c.req.query()
  const input: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) input[key] = NUMERIC_QUERY.has(key) && /^\d{1,9}$/.test(value) ? Number(value) : value
  const result = spec.query.safeParse(input)
  if (!result.success) throw validationError(issuesToFields(result.error.issues, 'query'))
  return result.data as never
}

type Operations = typeof operations

/** Reads the JSON body (415/413/400) and validates it with the operation's body schema (422). */
export async function parseBody<N extends OperationName>(c: Context, name: N): Promise<{ body: Operations[N] extends { body: infer B extends z.ZodType } ? z.output<B> : never; raw: unknown }> {
  const spec = operations[name] as { body?: z.ZodType }
  if (!spec.body) throw new Error(`${name} has no body schema`)
  const raw = await readJsonBody(c)
  const result = spec.body.safeParse(raw)
  if (!result.success) throw validationError(issuesToFields(result.error.issues, 'body'))
  return { body: result.data as never, raw }
}

/** Limits on free text (docs/demo-store.md); longer values get a 422 naming the field. */
export const TEXT_LIMITS: Record<string, number> = {
  title: 255,
  seo_title: 255,
  seo_description: 1000,
  seo_slug: 255,
  summary: 10_000,
  author: 255,
  description: 10_000,
  content: 1_000_000,
  name: 255,
  namespace: 100,
  key: 100,
  first_name: 255,
  last_name: 255,
  company: 255,
  address_1: 255,
  address_2: 255,
  city: 255,
  state: 100,
  postcode: 32,
  phone: 64,
  country: 2,
  trackno: 100,
  logistics_company: 100,
}

/** Adds a message for each present string field longer than its limit. */
export function checkLengths(values: Record<string, unknown>, fields: Record<string, string[]>, prefix = ''): void {
  for (const [key, value] of Object.entries(values)) {
    const limit = TEXT_LIMITS[key]
    if (typeof value === 'string' && limit !== undefined && value.length > limit) {
      ;(fields[prefix + key] ??= []).push(`must be at most ${limit} characters (got ${value.length})`)
    }
  }
}

export function throwIfAny(fields: Record<string, string[]>): void {
  if (Object.keys(fields).length > 0) throw validationError(fields)
}

/** Case-insensitive "contains" used by every filter[key] / filter[search]. */
export function containsText(haystacks: readonly string[], needle: string): boolean {
  const n = needle.toLowerCase()
  return haystacks.some((h) => h.toLowerCase().includes(n))
}
