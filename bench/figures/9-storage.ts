// Figure 9: how the cache stores an order, five ways side by side on the same 10,000 orders in
// the bench page (docs/benchmarks.md says how, and why the cache's layout won).
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { chromiumBytesWritten, folderBytes, stillFolderBytes } from '../process-cpu'
import { BENCH_PATH, diskContext, routeBenchPage, type Figure } from '../harness'
import { round, type Report } from '../report'

const FIGURE = '9 storage'
const LAYOUTS = [
  ['full', 'the order as the store sends it, structured clone (the layout before)'],
  ['trimmed', 'without the fields nothing reads, structured clone'],
  ['stream', 'trimmed JSON per order, CompressionStream deflate-raw'],
  ['page', 'a packed page: 250 trimmed orders, CompressionStream deflate-raw'],
  ['dictionary', "trimmed JSON per order, raw DEFLATE with a preset dictionary (the cache's layout)"],
] as const

/** How long IndexedDB's backend is given to flush and compact before the folder is weighed (the 5 s). */
const SETTLE_MS = 5000
const MB = 1024 * 1024

/**
 * Each layout is written in a browser profile of its own (the bench page on the host's origin,
 * given the orders the shared page fetched): an origin's databases share one LevelDB folder, and
 * a database deleted before is compacted away during the next one's writes, so in one profile
 * the layouts after the first read a negative growth.
 */
async function measure(report: Report, page: Page, origin: string, benchDir: string, roots: number[]) {
  const { count } = await page.evaluate(() => window.storedeskBench.fetchAllOrders())
  const orders = await page.evaluate(() => window.storedeskBench.fetchedOrders())
  const per10k = (n: number) => (n * 10_000) / count
  const rows: { layout: string; label: string; written: number | null; disk: number; encodeMs: number; writeMs: number; readP95: number; packedBytes: number }[] = []
  for (const [layout, label] of LAYOUTS) {
    const fresh = await diskContext()
    try {
      const tab = await fresh.context.newPage()
      await routeBenchPage(tab, origin, benchDir)
      await tab.goto(`${origin}${BENCH_PATH}/index.html`)
      await tab.waitForFunction(() => document.title === 'Storedesk bench ready')
      await tab.evaluate((o) => window.storedeskBench.useOrders(o), orders)
      const folder = join(fresh.dir, 'Default', 'IndexedDB')
      const diskBefore = await stillFolderBytes(folder)
      const writtenBefore = chromiumBytesWritten(roots)
      const name = `bench-storage-${layout}`
      const result = await tab.evaluate(({ name, layout }) => window.storedeskBench.writeLayout(name, layout), { name, layout })
      await tab.waitForTimeout(SETTLE_MS)
      const writtenAfter = chromiumBytesWritten(roots)
      rows.push({ layout, label, written: writtenBefore === null || writtenAfter === null ? null : writtenAfter - writtenBefore, disk: folderBytes(folder) - diskBefore, ...result })
    } finally {
      await fresh.close()
    }
  }
  const full = rows[0]!
  for (const row of rows) {
    const vs = row === full ? {} : { baselineLabel: full.label }
    // The size budgets, on the orders alone (the sync's index blocks and bookkeeping come on top).
    const chosen = row.layout === 'dictionary'
    const disk = per10k(row.disk) / MB
    report.add({ figure: FIGURE, measure: `${row.label}: on disk per 10,000 orders (the IndexedDB folder's growth, ${SETTLE_MS / 1000} s after the writes)`, value: round(disk), unit: 'MB', baseline: row === full ? null : round(per10k(full.disk) / MB), ...vs, budget: chosen ? '≤ 10 MB' : '', pass: chosen ? disk <= 10 : null })
    if (row.written !== null) {
      const written = per10k(row.written) / MB
      report.add({ figure: FIGURE, measure: `${row.layout}: bytes Chromium wrote to disk per 10,000 orders`, value: round(written), unit: 'MB', baseline: row === full ? null : round(per10k(full.written ?? 0) / MB), ...vs, budget: chosen ? '≤ 15 MB' : '', pass: chosen ? written <= 15 : null })
    }
    if (row.packedBytes > 0) report.add({ figure: FIGURE, measure: `${row.layout}: packed bytes per order`, value: Math.round(row.packedBytes / count), unit: 'B' })
    report.add({ figure: FIGURE, measure: `${row.layout}: encoding 10,000 orders in the page (of ${round(row.writeMs / 1000)} s to encode and write them)`, value: round(per10k(row.encodeMs) / 1000), unit: 's' })
    report.add({ figure: FIGURE, measure: `${row.layout}: one order read back whole (decompressing included), p95 of 200`, value: round(row.readP95), unit: 'ms', baseline: row === full ? null : round(full.readP95), ...vs, budget: row.layout === 'dictionary' ? '< 50 ms' : '', pass: row.layout === 'dictionary' ? row.readP95 < 50 : null })
  }
}

export const storage: Figure = {
  name: FIGURE,
  measure: "the cache's order layouts on 10,000 orders",
  budget: '< 50 ms order read',
  benchApp: true,
  run: async ({ report, benchApp, store, host, benchDir }) => {
    const { page } = await benchApp()
    const h = await host()
    await measure(report, page, h.origin, benchDir, [store.pid, h.pid])
  },
}
