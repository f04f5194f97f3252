// Figure 7: the app's own first sync of 100,000 orders, end to end, and an operator's use of the
// order list while it runs (docs/benchmarks.md says how).
import { cpuBetween, cpuMeter, cpuTotal, peakResidentMB } from '../process-cpu'
import { connectApp, cpuLabel, cpuPer10k, mintToken, onTimeShare, readSyncStates, startHost, startStore, timeFirstRow, type ConnectedApp, type Figure } from '../harness'
import { percentile, round, type Report } from '../report'

/** Orders in figure 7's store: the first sync at scale. */
const SCALE_ORDERS = 100_000
/** Frames figure 7 scrolls the list for while its sync runs. */
const SCALE_SCROLL_FRAMES = 600

/**
 * Figure 7: the app's own first sync of 100,000 orders, end to end, in a fresh profile against a
 * demo store of its own (own process, rate limit off) through a web host of its own. While it
 * runs, the operator's paths are measured in the app itself: opening the order list (time to the
 * first row), searching it for an order number already synced, and scrolling it.
 */
async function measure(report: Report) {
  const store = await startStore(SCALE_ORDERS)
  const host = await startHost(store.url)
  let app: ConnectedApp | null = null
  try {
    // Order numbers the sync writes first (newest changes first), to search for while it runs.
    const token = await mintToken(store.url)
    const firstPage = (await (await fetch(`${store.url}/openapi/2025-04/orders?page=1&page_size=20&sort=-modified_date`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { number: string }[] }
    const numbers = firstPage.data.map((o) => o.number)
    const meter = cpuMeter({ store: store.pid, host: host.pid })
    const before = meter?.read()
    const started = Date.now()
    app = await connectApp(host)
    const { page, connectionId } = app
    const database = `storedesk-${connectionId}`
    const ordersState = async () => (await readSyncStates(page, database)).find((state) => state.resource === 'orders') ?? null
    const nav = page.getByRole('navigation', { name: 'Main' })
    const firstRows: number[] = []
    const searches: number[] = []
    let frames: { deltas: number[]; reachedEnd: boolean } | null = null
    let heapPeak = 0
    let state = await ordersState()
    // Until the sync completes: leave the list, open it again (first row), search it, and once scroll it.
    for (let round = 0; !state?.complete && Date.now() - started < 600_000; round++) {
      await nav.getByRole('link', { name: 'Collections', exact: true }).click()
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor()
      firstRows.push((await timeFirstRow(page)).firstRow)
      searches.push(
        await page.evaluate((candidates) => {
          const shown = () => [...document.querySelectorAll('[role="grid"][aria-label="Orders"] .order-row__number')].map((r) => r.textContent?.trim())
          // An order the list does not show yet, so its row appearing is the search's answer
          // (from the store while the cache fills, from the cache's index once it holds it).
          const before = new Set(shown())
          const wanted = candidates.map((n) => `#${n}`).find((n) => !before.has(n)) ?? `#${candidates[0]}`
          const input = document.querySelector<HTMLInputElement>('input[aria-label="Search orders"]')!
          const start = performance.now()
          input.value = wanted
          input.dispatchEvent(new Event('input', { bubbles: true }))
          return new Promise<number>((done) => {
            const check = () => (shown().includes(wanted) ? done(performance.now() - start) : requestAnimationFrame(check))
            check()
          })
        }, numbers.slice(round % numbers.length).concat(numbers.slice(0, round % numbers.length))),
      )
      await page.getByRole('textbox', { name: 'Search orders' }).fill('')
      if (!frames) {
        frames = await page.evaluate(async (frameCount) => {
          const scroller = document.querySelector<HTMLElement>('.v-vl[role="grid"][aria-label="Orders"]')
          if (!scroller) throw new Error('the Orders grid is not the virtual list scroller')
          // Once the cleared search has given the list back (several screens of rows).
          const waitStart = performance.now()
          while (scroller.scrollHeight < scroller.clientHeight * 4 && performance.now() - waitStart < 10_000) await new Promise((r) => setTimeout(r, 50))
          if (scroller.scrollHeight < scroller.clientHeight * 4) return null
          // A fixed number of frames, turning back at either end: the list's length while the
          // cache fills (the store's pages, then the index) must not decide how many are measured.
          const deltas: number[] = []
          let reachedEnd = false
          await new Promise<void>((done) => {
            let last = 0
            let i = 0
            let step = 40
            const tick = (now: number) => {
              if (last) deltas.push(now - last)
              last = now
              scroller.scrollTop += step
              if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
                reachedEnd = true
                step = -40
              } else if (scroller.scrollTop <= 0) step = 40
              if (++i < frameCount) requestAnimationFrame(tick)
              else done()
            }
            requestAnimationFrame(tick)
          })
          return { deltas, reachedEnd }
        }, SCALE_SCROLL_FRAMES)
      }
      heapPeak = Math.max(heapPeak, await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0))
      state = await ordersState()
    }
    if (!state?.complete) throw new Error(`the first sync of ${SCALE_ORDERS.toLocaleString('en-US')} orders did not complete in 10 minutes${state?.lastError ? `: ${state.lastError}` : ''}`)
    const seconds = (Date.now() - started) / 1000
    const cpu = meter && before ? cpuBetween(before, meter.read()) : null
    const label = `${SCALE_ORDERS.toLocaleString('en-US')} orders`
    report.add({ figure: '7 sync at scale', measure: `first sync of ${label}, end to end (connect to complete)`, value: round(seconds, 1), unit: 's', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (cpu) {
      report.add({ figure: '7 sync at scale', measure: `CPU without the demo store (${cpuLabel(cpu)})`, value: round(cpuTotal(cpu) - cpu.store, 1), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
      const per10k = cpuPer10k(cpu, SCALE_ORDERS)
      // No budget here: figure 1 holds the sync's own CPU to one; this one also pays for the
      // list opened, searched and scrolled in every round while the sync runs.
      report.add({ figure: '7 sync at scale', measure: 'CPU per 10,000 orders without the demo store (the sync and the rounds of use while it runs)', value: round(per10k), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
      report.add({ figure: '7 sync at scale', measure: "the demo store's CPU", value: round(cpu.store, 1), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
    }
    const rss = peakResidentMB('renderer')
    if (rss !== null) report.add({ figure: '7 sync at scale', measure: 'peak renderer memory (resident, VmHWM of the largest renderer process)', value: Math.round(rss), unit: 'MB', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (heapPeak > 0) report.add({ figure: '7 sync at scale', measure: "peak JS heap of the app's page, sampled once per round", value: round(heapPeak / 2 ** 20, 1), unit: 'MB', baseline: null, baselineLabel: '', budget: '', pass: null })
    const firstRowP95 = percentile(firstRows, 95)
    // Measured, as the issue asks; the budget on the first row while a sync writes is figure 3's
    // (the startup sync a user meets on every launch). Here both cores are busy with the sync.
    report.add({ figure: '7 sync at scale', measure: `time to first row while it runs, p95 of ${firstRows.length} opens`, value: Math.round(firstRowP95), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    report.add({ figure: '7 sync at scale', measure: `search for #number of an order not shown yet, while it runs: typing to its row (the 150 ms and, while the cache fills, the store query's 200 ms debounces included), p95 of ${searches.length}`, value: Math.round(percentile(searches, 95)), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (frames) {
      const share = onTimeShare(frames.deltas)
      report.add({ figure: '7 sync at scale', measure: `frames on time while scrolling the list during the sync (${frames.deltas.length} frames, down and back${frames.reachedEnd ? '' : ', end NOT reached'})`, value: round(share * 100, 1), unit: '%', baseline: null, baselineLabel: '', budget: '≥ 95% within one 60 Hz frame', pass: share >= 0.95 })
    }
  } finally {
    await app?.close()
    await host.stop()
    await store.stop()
  }
}


export const syncAtScale: Figure = {
  name: '7 sync at scale',
  measure: 'first sync of 100,000 orders',
  budget: '< 200 ms / ≥ 95%',
  run: ({ report }) => measure(report),
}
