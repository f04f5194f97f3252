// The SKU-to-bin table: read from the user's CSV (columns sku and bin, with or without a header
// row), checked row by row into a preview (what would be applied, what is skipped and why) before
// anything is written, then kept per store in the cache (`binLocations`), replacing the table
// loaded before. The pick list reads it to walk the warehouse in bin order.
import Papa from 'papaparse'
import type { BinLocation, StoreDatabase } from '@/data'
import type { Message } from '@/session/i18n'

export interface BinProblem {
  /** 1-based line in the file. */
  line: number
  message: Message
}

export interface BinPreview {
  /** The rows that would be applied, one per SKU. */
  bins: BinLocation[]
  /** Rows read from the file (header not counted). */
  read: number
  duplicates: number
  emptySku: number
  /** Rows skipped for any other reason (no bin, too long, too few columns). */
  otherSkipped: number
  problems: BinProblem[]
  /** Set when the file as a whole cannot be used (nothing is applied). */
  fileError: Message | null
}

/** Longest SKU or bin kept: a label, not a document. */
export const BIN_FIELD_MAX = 100
/** The largest file read: 200,000 rows of SKU and bin are well under it. */
export const BIN_FILE_MAX_BYTES = 10 * 1024 * 1024

const SKU_HEADERS = ['sku', 'skucode', 'productsku', 'itemsku', 'code']
const BIN_HEADERS = ['bin', 'binlocation', 'location', 'shelf', 'slot']
const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '')

export function parseBinCsv(text: string): BinPreview {
  const preview: BinPreview = { bins: [], read: 0, duplicates: 0, emptySku: 0, otherSkipped: 0, problems: [], fileError: null }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const table = parsed.data
  if (table.length === 0) return { ...preview, fileError: { key: 'bins.empty' } }

  // A header row names its columns; without one, the first column is the SKU and the second the bin.
  const first = table[0]!.map(squash)
  const skuColumn = first.findIndex((cell) => SKU_HEADERS.includes(cell))
  const binColumn = first.findIndex((cell) => BIN_HEADERS.includes(cell))
  const hasHeader = skuColumn >= 0 || binColumn >= 0
  if (hasHeader && (skuColumn < 0 || binColumn < 0)) {
    return { ...preview, fileError: { key: 'bins.header' } }
  }
  const columns = hasHeader ? { sku: skuColumn, bin: binColumn } : { sku: 0, bin: 1 }
  const start = hasHeader ? 1 : 0

  const firstLineOf = new Map<string, { line: number; bin: string }>()
  for (let i = start; i < table.length; i++) {
    const row = table[i]!
    const line = i + 1
    preview.read++
    const skip = (message: Message) => {
      preview.otherSkipped++
      preview.problems.push({ line, message })
    }
    if (row.length <= Math.max(columns.sku, columns.bin)) {
      skip({ key: 'bins.noBinColumn' })
      continue
    }
    const sku = row[columns.sku]!.trim()
    const bin = row[columns.bin]!.trim()
    if (!sku) {
      preview.emptySku++
      preview.problems.push({ line, message: { key: 'bins.emptySku' } })
      continue
    }
    if (!bin) {
      skip({ key: 'bins.noBin', params: { sku } })
      continue
    }
    if (sku.length > BIN_FIELD_MAX || bin.length > BIN_FIELD_MAX) {
      skip({ key: 'bins.tooLong', params: { max: BIN_FIELD_MAX } })
      continue
    }
    const earlier = firstLineOf.get(sku)
    if (earlier) {
      preview.duplicates++
      preview.problems.push({
        line,
        message:
          earlier.bin === bin
            ? { key: 'bins.repeats', params: { sku, line: earlier.line } }
            : { key: 'bins.otherBin', params: { sku, earlierBin: earlier.bin, line: earlier.line, bin } },
      })
      continue
    }
    firstLineOf.set(sku, { line, bin })
    preview.bins.push({ sku, bin })
  }
  if (preview.bins.length === 0) preview.fileError = { key: 'bins.noneUsable' }
  return preview
}

/** Replaces the store's bin table with `bins`, in one transaction (all or nothing). */
export async function replaceBins(db: StoreDatabase, bins: readonly BinLocation[]): Promise<void> {
  await db.transaction('rw', db.binLocations, async () => {
    await db.binLocations.clear()
    await db.binLocations.bulkPut([...bins])
  })
}

export async function clearBins(db: StoreDatabase): Promise<void> {
  await db.binLocations.clear()
}

/** The table as the pick list reads it: SKU → bin. */
export async function loadBins(db: StoreDatabase): Promise<Map<string, string>> {
  return new Map((await db.binLocations.toArray()).map((b) => [b.sku, b.bin]))
}
