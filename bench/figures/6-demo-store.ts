// Figure 6: one page of 250 orders from a demo store of 100,000, in this process (docs/benchmarks.md says how).
import { startDemoStore } from '../../electron/demo-store/embedded'
import { mintToken, type Figure } from '../harness'
import { percentile, round, type Report } from '../report'

async function measure(report: Report) {
  const store = await startDemoStore({ orders: 100_000, rateLimit: false })
  try {
    const token = await mintToken(store.url)
    const get = async (query: string) => {
      const start = performance.now()
      const res = await fetch(`${store.url}/openapi/2025-04/orders?${query}`, { headers: { Authorization: `Bearer ${token}` } })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`orders page: ${res.status}`)
      return performance.now() - start
    }
    await get('page=1&page_size=250')
    const full: number[] = []
    const tiny: number[] = []
    for (let i = 0; i < 30; i++) {
      const page = 1 + ((i * 37) % 400)
      full.push(await get(`page=${page}&page_size=250`))
      tiny.push(await get(`page=${page * 250}&page_size=1`))
    }
    const p95 = percentile(full, 95)
    report.add({ figure: '6 demo store', measure: 'one page of 250 from 100,000 orders p95', value: round(p95), unit: 'ms', baseline: round(percentile(tiny, 95)), baselineLabel: 'page of 1, same offsets', budget: '< 50 ms', pass: p95 < 50 })
  } finally {
    await store.stop()
  }
}


export const demoStorePage: Figure = {
  name: '6 demo store',
  measure: 'page of 250 from 100,000 orders',
  budget: '< 50 ms',
  run: ({ report }) => measure(report),
}
