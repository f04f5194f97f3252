// Figure 3: opening the order list with 100,000 cached orders in the app itself, and scrolling
// it (docs/benchmarks.md says how).
import { BENCH_PATH, connectApp, onTimeShare, openBenchPage, readSyncStates, timeFirstRow, type Figure, type Host } from '../harness'
import { median, percentile, round, type Report } from '../report'

/** Opens of the order list right after the app starts, while its startup sync writes (figure 3). */
const DURING_SYNC_OPENS = 10

async function measure(report: Report, host: Host, benchDir: string) {
  const app = await connectApp(host)
  const { page, connectionId } = app
  const name = `storedesk-${connectionId}`
  try {
    // The bench page, on the app's origin, fills the app's own cache database through the data
    // layer's Dexie class with copies of the store's orders (fetched through the host).
    await openBenchPage(app, host, benchDir)
    await page.evaluate(() => window.storedeskBench.fetchAllOrders())
    const seeded = await page.evaluate((id) => window.storedeskBench.seedCache(id, 100_000), connectionId)
    await page.unroute(`${host.origin}${BENCH_PATH}/**`)

    /**
     * Reloads the app on Collections: a screen that does not read orders, so the order list (and
     * its index) has not been opened in this page. Settings cannot serve: a public route does
     * not load the connection, so its sidebar has no Orders link.
     */
    const reloadElsewhere = async () => {
      const since = Date.now()
      await page.goto(`${host.url}#/collections`)
      // tsx names the functions inside evaluate() bodies with an `__name` helper the page lacks.
      await page.evaluate('window.__name = (fn) => fn')
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).waitFor()
      return since
    }
    // At once after the app starts, its startup sync (renderer/src/data/sync.ts) is still writing:
    // its transactions cover the orders table, so the list's reads wait for them. Ten opens, each
    // right after a reload: the budget is on their 95th percentile. One open before them, reported
    // on its own: the first after the bench filled the cache, which is also the first time the
    // app's order list code runs again in this profile (it measured 350–470 ms, the ten after it
    // 90–200 ms). A user meets it once, on the first launch after an install or an update.
    await reloadElsewhere()
    const firstLaunch = (await timeFirstRow(page)).firstRow
    const duringSync: number[] = []
    for (let sample = 0; sample < DURING_SYNC_OPENS; sample++) {
      await reloadElsewhere()
      duringSync.push((await timeFirstRow(page)).firstRow)
    }

    // Then the measured case, three times (one open is one sample; the row gives the median and
    // all three): the startup sync has finished (every resource's state written since the
    // reload), the order list has still never been opened in the page.
    const settle = async (since: number) => {
      const start = Date.now()
      while (Date.now() - start < 60_000) {
        const all = await readSyncStates(page, name)
        if (all.length > 0 && all.every((s) => s.cursor === null && ((s.lastSyncAt ?? 0) >= since || s.lastError))) return Date.now() - start
        await new Promise((wait) => setTimeout(wait, 200))
      }
      return null
    }
    const opens: number[] = []
    let settledEveryTime = true
    let clickedAt = 0
    for (let sample = 0; sample < 3; sample++) {
      const since = await reloadElsewhere()
      if ((await settle(since)) === null) settledEveryTime = false
      const open = await timeFirstRow(page)
      opens.push(open.firstRow)
      clickedAt = open.clickedAt
    }
    const firstRow = median(opens)
    // Until the order index has loaded the list holds its first window only: scroll the whole list.
    const wholeList = await page.evaluate(
      ([count, started]) =>
        new Promise<number>((done) => {
          const check = () => (document.querySelector('.orders-page__header')?.textContent?.includes(`${count} orders`) ? done(performance.now() - started) : requestAnimationFrame(check))
          check()
        }),
      [seeded.toLocaleString('en-US'), clickedAt] as const,
    )
    const frames = await page.evaluate(async () => {
      const collect = (count: number, step?: (i: number) => boolean) =>
        new Promise<number[]>((done) => {
          const deltas: number[] = []
          let last = performance.now()
          let i = 0
          const tick = (now: number) => {
            deltas.push(now - last)
            last = now
            i++
            const more = step ? step(i) : i < count
            if (more && i < count) requestAnimationFrame(tick)
            else done(deltas)
          }
          requestAnimationFrame((now) => {
            last = now
            requestAnimationFrame(tick)
          })
        })
      const idle = await collect(240)
      const scroller = document.querySelector<HTMLElement>('.v-vl[role="grid"][aria-label="Orders"]')
      if (!scroller) throw new Error('the Orders grid is not the virtual list scroller')
      const perFrame = Math.max(1, Math.ceil(scroller.scrollHeight / 1500))
      const scrolling = await collect(5000, () => {
        scroller.scrollTop += perFrame
        return scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1
      })
      return { idle, scrolling, reachedEnd: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 }
    })
    const settledNote = settledEveryTime ? '' : ', startup sync NOT always finished after 60 s'
    const samples = opens.map((ms) => Math.round(ms)).join(', ')
    report.add({ figure: '3 order list', measure: `time to first row, ${seeded.toLocaleString('en-US')} cached (median of 3 opens: ${samples} ms${settledNote})`, value: Math.round(firstRow), unit: 'ms', baseline: null, baselineLabel: '', budget: '< 200 ms', pass: firstRow < 200 })
    report.add({ figure: '3 order list', measure: `time to the whole list (order index loaded, count shown)`, value: Math.round(wholeList), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    const duringSyncP95 = percentile(duringSync, 95)
    report.add({ figure: '3 order list', measure: `time to first row while the app's startup sync still writes, p95 of ${duringSync.length} opens (${duringSync.map((ms) => Math.round(ms)).join(', ')} ms)`, value: Math.round(duringSyncP95), unit: 'ms', baseline: null, baselineLabel: '', budget: '< 200 ms', pass: duringSyncP95 < 200 })
    report.add({ figure: '3 order list', measure: 'the same, the first open after the cache was filled (the first launch after an install or update)', value: Math.round(firstLaunch), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    report.add({
      figure: '3 order list',
      measure: `frames on time while scrolling to the end (${frames.scrolling.length} frames${frames.reachedEnd ? '' : ', end NOT reached'})`,
      value: round(onTimeShare(frames.scrolling) * 100, 1),
      unit: '%',
      baseline: round(onTimeShare(frames.idle) * 100, 1),
      baselineLabel: 'idle page, same tab',
      budget: '≥ 95% within one 60 Hz frame',
      pass: onTimeShare(frames.scrolling) >= 0.95 && frames.reachedEnd,
    })
    report.add({ figure: '3 order list', measure: 'scroll frame time p95', value: round(percentile(frames.scrolling, 95)), unit: 'ms', baseline: round(percentile(frames.idle, 95)), baselineLabel: 'idle page, same tab', budget: '', pass: null })
  } finally {
    await app.close()
  }
}


export const orderList: Figure = {
  name: '3 order list',
  measure: 'first row and scroll frames, 100,000 cached',
  budget: '< 200 ms / 95% < 16 ms',
  run: async ({ report, host, benchDir }) => measure(report, await host(), benchDir),
}
