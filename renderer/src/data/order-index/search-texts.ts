// The folded search texts (order-search.ts) of an in-memory index, one per slot, joined a block
// of slots at a time: shared by the order list's index (data/order-index/order-index.ts) and the
// customers' (data/customers/customer-index.ts), so both search the same way at the same speed.
import { SEARCH_FIELD_SEPARATOR } from './order-search'

const BLOCK_BITS = 9
/** Slots whose search texts are joined into one string. */
const BLOCK = 1 << BLOCK_BITS

/**
 * Texts held one by one before their blocks are joined, when no search comes first. A first
 * sync writes 100,000 texts with no search between them: held one by one until the end, they
 * took about twice the memory of the joined blocks (11 MB at 60,000 orders, docs/benchmarks.md).
 */
const MOST_PENDING = 8 * BLOCK

/**
 * The search text of every slot, joined a block of slots at a time with the field separator
 * (which a needle without it cannot span): a search is a few hundred `indexOf` scans over long
 * strings instead of 100,000 calls, and a write rebuilds only its block (at the next search, or
 * once `mostPending` texts wait).
 */
export class SearchTexts {
  private blocks: string[] = []
  /** Per block, where each slot's text starts in it (and one past the last). */
  private starts: Int32Array[] = []
  /** Texts written since the last join, by slot. */
  private readonly pending = new Map<number, string>()

  constructor(private readonly mostPending = MOST_PENDING) {}

  set(slot: number, text: string) {
    this.pending.set(slot, text)
    if (this.pending.size >= this.mostPending) this.flush()
  }

  get(slot: number): string {
    const written = this.pending.get(slot)
    if (written !== undefined) return written
    const block = slot >> BLOCK_BITS
    const text = this.blocks[block]
    if (text === undefined) return ''
    const starts = this.starts[block]!
    const j = slot & (BLOCK - 1)
    return text.slice(starts[j]!, starts[j + 1]! - 1)
  }

  /**
   * A test of whether a slot's text holds one of `needles` (searchNeedles: a phone search also
   * looks for its digits), for slots below `capacity`.
   */
  matcher(needles: readonly string[], capacity: number): (slot: number) => boolean {
    if (needles.some((needle) => needle.includes(SEARCH_FIELD_SEPARATOR))) {
      // It could match across two fields in the joined text: test field by field.
      return (slot) => this.get(slot).split(SEARCH_FIELD_SEPARATOR).some((field) => needles.some((needle) => field.includes(needle)))
    }
    const hits = new Uint8Array(capacity)
    for (const needle of needles) this.mark(needle, hits)
    return (slot) => hits[slot] === 1
  }

  /** Sets `hits[slot]` for every slot whose text contains `needle` (a needle without the separator). */
  mark(needle: string, hits: Uint8Array) {
    this.flush()
    for (let block = 0; block < this.blocks.length; block++) {
      const text = this.blocks[block]!
      const starts = this.starts[block]!
      const base = block << BLOCK_BITS
      let at = text.indexOf(needle)
      while (at !== -1) {
        // The last slot starting at or before the match holds it.
        let low = 0
        let high = BLOCK - 1
        while (low < high) {
          const mid = (low + high + 1) >> 1
          if (starts[mid]! <= at) low = mid
          else high = mid - 1
        }
        hits[base + low] = 1
        at = text.indexOf(needle, starts[low + 1]!)
      }
    }
  }

  clear() {
    this.blocks = []
    this.starts = []
    this.pending.clear()
  }

  /** Joins the blocks of every text written since the last join. */
  flush() {
    if (this.pending.size === 0) return
    const dirty = new Set<number>()
    for (const slot of this.pending.keys()) dirty.add(slot >> BLOCK_BITS)
    // Blocks are dense: one past the end gets every block before it too.
    const last = Math.max(...dirty)
    for (let block = this.blocks.length; block < last; block++) dirty.add(block)
    for (const block of dirty) {
      const parts = Array.from({ length: BLOCK }, (_, j) => this.get((block << BLOCK_BITS) + j))
      const starts = new Int32Array(BLOCK + 1)
      let offset = 0
      for (let j = 0; j < BLOCK; j++) {
        starts[j] = offset
        offset += parts[j]!.length + 1
      }
      starts[BLOCK] = offset
      this.starts[block] = starts
      this.blocks[block] = parts.join(SEARCH_FIELD_SEPARATOR)
    }
    this.pending.clear()
  }
}
