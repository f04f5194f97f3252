// The tag filter of the order list, apart from the screen: which orders carry every tag the
// filter names (tags compared folded, as everywhere), and the tags to suggest (most used first).
import { tagKey } from '@/data'

/** The orders of `ids` (in their order) that carry every one of `tags`; all of them when `tags` is empty. */
export function withTags(ids: readonly number[], tags: readonly string[] | undefined, index: ReadonlyMap<number, readonly string[]>): number[] {
  if (!tags || tags.length === 0) return ids as number[]
  const wanted = tags.map(tagKey)
  return ids.filter((id) => {
    const has = index.get(id)
    if (!has) return false
    const keys = new Set(has.map(tagKey))
    return wanted.every((key) => keys.has(key))
  })
}

/** Every tag in use, once (by tagKey, its most common spelling), most used first, then A to Z. */
export function tagsInUse(index: ReadonlyMap<number, readonly string[]>): string[] {
  const byKey = new Map<string, { count: number; spellings: Map<string, number> }>()
  for (const tags of index.values()) {
    for (const tag of tags) {
      const key = tagKey(tag)
      const entry = byKey.get(key) ?? { count: 0, spellings: new Map() }
      entry.count++
      entry.spellings.set(tag, (entry.spellings.get(tag) ?? 0) + 1)
      byKey.set(key, entry)
    }
  }
  const spelled = [...byKey.values()].map((e) => ({ count: e.count, tag: [...e.spellings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0] }))
  return spelled.sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)).map((e) => e.tag)
}

/** Suggestions for what has been typed: tags in use that contain it (folded), not already on the order. */
export function suggestTags(typed: string, inUse: readonly string[], already: readonly string[] = [], limit = 8): string[] {
  const have = new Set(already.map(tagKey))
  const needle = tagKey(typed)
  return inUse.filter((t) => !have.has(tagKey(t)) && (!needle || tagKey(t).includes(needle))).slice(0, limit)
}
