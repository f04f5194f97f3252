// The store's own JSON text beside the value checked from it, for a host that answers over
// HTTP (the browser shell's web host): a page of 250 orders is about 1 MB, and serialising the
// checked copy again cost the host a fifth of its CPU during a first sync. Kept only where the
// response schema gives back exactly what it was given (`losslessJson`): no transform, default,
// coercion or key stripping, so the text and the checked value are the same data and what the
// renderer receives has still been checked here, once. The Electron shell passes the value
// over IPC and never reads the text.
import type { z } from 'zod'

const texts = new WeakMap<object, string>()

/** Remembers that `value` was checked from exactly `text` (which JSON.parse accepted). */
export function keepRawJson(value: unknown, text: string): void {
  if (value !== null && typeof value === 'object') texts.set(value, text)
}

/** The JSON text `value` was checked from, when it was kept. */
export function rawJsonOf(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? texts.get(value) : undefined
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def

/** Schemas that accept a JSON value as it is and give it back unchanged. */
const LEAVES = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'unknown', 'any'])

/**
 * Whether parsing JSON with `schema` gives back the same data it was given: only leaves that
 * check without converting (and no `z.coerce`), arrays, tuples, records, unions and optional or
 * nullable wrappers of those, and objects that keep unknown keys (`z.looseObject`). Anything
 * else (a transform, a pipe, a default, a catch, an object that strips unknown keys) is not.
 */
export function losslessJson(schema: z.ZodType): boolean {
  const seen = new Set<unknown>()
  const check = (s: unknown): boolean => {
    if (seen.has(s)) return true
    seen.add(s)
    const def = defOf(s)
    if (LEAVES.has(def.type)) return def.coerce !== true
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'readonly':
        return check(def.innerType)
      case 'array':
        return check(def.element)
      case 'tuple':
        return (def.items as unknown[]).every(check) && (def.rest === null || def.rest === undefined || check(def.rest))
      case 'record':
        return check(def.keyType) && check(def.valueType)
      case 'union':
        return (def.options as unknown[]).every(check)
      case 'object': {
        const catchall = def.catchall === undefined ? undefined : defOf(def.catchall).type
        return (catchall === 'unknown' || catchall === 'any') && Object.values(def.shape as Record<string, unknown>).every(check)
      }
      default:
        return false
    }
  }
  return check(schema)
}
