// The shape every catalog has: English (en.ts) is the source, and a translation is typed as
// `Catalog`, so a key missing from German or Chinese (or one they add) fails to type-check, as
// well as the completeness test (catalogs.test.ts) and the lint rule (scripts/eslint-rules).
import type { en } from './en'

/** en's shape with every message widened to a string: what a translation must fill in. */
export type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }
export type Catalog = Strings<typeof en>

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]

/** A message's key, "orders.title": only keys English has type-check. */
export type MessageKey = Leaves<typeof en>

/** A message's named arguments: ICU's `{count, plural, …}` and `{name}`. */
export type MessageParams = Record<string, string | number | Date>

/**
 * A message for people, built where the words are decided (data/, a service's answer) and
 * turned into words at the screen, in the language the screen shows.
 */
export interface Message {
  key: MessageKey
  params?: MessageParams
}

/** Every message of a catalog by its dotted key, in the catalog's order. */
export function flatten(catalog: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value)
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) out.set(k, v)
  }
  return out
}
