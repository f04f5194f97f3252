import { describe, expect, it } from 'vitest'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { ScannerSession, scannerOrder, type ScannerDeps, type ScannerOptions, type ScannerOrder } from './scanner'
import type { OverrideEntry } from './scanner-settings'

const PAID = { financial_status: 'paid', fulfillment_status: 'unfulfilled', post_status: 'wc-processing' }

function order(ID: number, items: ScannerOrder['items'] = [{ name: `Mug ${ID}`, variant: '', sku: `SKU-${ID}`, qty: 1 }], state = PAID): ScannerOrder {
  return { ID, number: String(1000 + ID), customer: `C${ID}`, items, state, trackno: '' }
}

/** A fake cache and store: `cache` and `store` hold each order's copy; `offline` stops store reads. */
function fakeDesk(orders: ScannerOrder[]) {
  const cache = new Map(orders.map((o) => [o.ID, o]))
  const store = new Map(orders.map((o) => [o.ID, o]))
  const queued = new Map<number, { orderId: number; body: unknown }>()
  const sent = new Set<number>()
  const overrides: OverrideEntry[] = []
  const state = { offline: false }
  let next = 1
  const deps: ScannerDeps = {
    track: async (orderId, body) => {
      queued.set(next, { orderId, body })
      return next++
    },
    withdraw: async (handle) => {
      if (sent.has(handle)) return 'already-sent'
      queued.delete(handle)
      return 'withdrawn'
    },
    findByNumber: async (number) => [...cache.values()].find((o) => o.number === number) ?? null,
    recheck: async (id) => ({ order: cache.get(id) ?? null, fromStore: state.offline ? null : (store.get(id) ?? null), storeChecked: !state.offline }),
    ordersUsingTracking: async (trackno, exceptId) =>
      [...trackingOf.entries()].filter(([id, t]) => id !== exceptId && t.toLowerCase() === trackno.toLowerCase()).map(([id]) => ({ ID: id, number: cache.get(id)?.number ?? String(id) })),
    recordOverride: (entry) => overrides.push(entry),
    now: () => new Date('2026-11-02T10:00:00Z'),
  }
  const trackingOf = new Map<number, string>()
  return { deps, cache, store, queued, sent, overrides, trackingOf, state }
}

const options = (o: Partial<ScannerOptions> = {}) => () => ({ rules: { allowedPayments: [] }, itemCheck: true, ...o })

/** Valid UPU S10 numbers (a carrier format): RR + 8 digits + check digit + US. */
function s10(serial: number): string {
  const digits = String(serial).padStart(8, '0')
  const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((n, w, i) => n + w * Number(digits[i]), 0)
  const check = 11 - (sum % 11)
  return `RR${digits}${check === 10 ? 0 : check === 11 ? 5 : check}US`
}

describe('scanner: opening orders', () => {
  it('opens the order a packing slip names, with or without "#"', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options())
    const result = await session.open('#1002')
    expect(result.ok && result.open.order.ID).toBe(2)
    expect((await session.open('1001')).ok).toBe(true)
    expect(session.current?.order.ID).toBe(1)
  })

  it('says why an order cannot be opened: not found, unpaid, cancelled, already fulfilled, not in this queue', async () => {
    const desk = fakeDesk([
      order(1),
      order(2, undefined, { ...PAID, financial_status: 'unpaid' }),
      order(3, undefined, { ...PAID, post_status: 'wc-cancelled' }),
      order(4, undefined, { ...PAID, fulfillment_status: 'fulfilled' }),
      order(5),
    ])
    const session = new ScannerSession([1], desk.deps, options())
    const message = async (raw: string) => {
      const r = await session.open(raw)
      return r.ok ? 'opened' : r.message
    }
    expect(await message('9999')).toBe('No order #9999 was found.')
    expect(await message('1002')).toBe('Order #1002 is unpaid; it cannot ship.')
    expect(await message('1003')).toBe('Order #1003 was cancelled; it cannot ship.')
    expect(await message('1004')).toBe('Order #1004 is already fulfilled.')
    expect(await message('1005')).toMatch(/^Order #1005 can ship but is not in this queue/)
    expect(await message('hello world')).toMatch(/is not an order number/)
    expect(session.current).toBeNull()
  })

  it('skips an order fulfilled on the store since the queue was built, and never queues a write for it', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    desk.store.set(1, order(1, undefined, { ...PAID, fulfillment_status: 'fulfilled' }))
    const scanned = await session.open('1001')
    expect(scanned).toMatchObject({ ok: false, message: 'Skipped #1001: it was fulfilled since the queue was built.' })
    expect(session.remaining).toBe(1)
    expect(session.skipped).toEqual(['Skipped #1001: it was fulfilled since the queue was built.'])
    // Scanned again, it is simply already fulfilled.
    expect(await session.open('1001')).toMatchObject({ ok: false, message: 'Order #1001 is already fulfilled.' })
    expect(desk.queued.size).toBe(0)
  })

  it('"Next in queue" passes over orders cancelled since, and opens the next that can ship', async () => {
    const desk = fakeDesk([order(1), order(2), order(3)])
    const session = new ScannerSession([1, 2, 3], desk.deps, options())
    desk.store.set(1, order(1, undefined, { ...PAID, post_status: 'wc-cancelled' }))
    desk.cache.set(2, order(2, undefined, { ...PAID, financial_status: 'refund' }))
    const result = await session.next()
    expect(result.ok && result.open.order.ID).toBe(3)
    expect(result.skipped).toEqual(['Skipped #1001: it was cancelled since the queue was built.', 'Skipped #1002: it was refunded since the queue was built.'])
  })

  it('offline, goes by the cache and says the store was not asked', async () => {
    const desk = fakeDesk([order(1)])
    desk.state.offline = true
    const session = new ScannerSession([1], desk.deps, options())
    const result = await session.open('1001')
    expect(result.ok && result.open.storeChecked).toBe(false)
  })
})

describe('scanner: item check', () => {
  const items = [
    { name: 'Stoneware Mug', variant: 'Colour: Sand', sku: 'MUG-1', qty: 2 },
    { name: 'Linen Pillow', variant: '', sku: 'PIL-9', qty: 1 },
  ]

  it('ticks an item per scan of its SKU, counting quantities, and opens tracking when all are ticked', async () => {
    const desk = fakeDesk([order(1, items)])
    const session = new ScannerSession([1], desk.deps, options())
    await session.open('1001')
    expect(session.trackingAllowed).toBe(false)
    expect(await session.submit(s10(1), '', false)).toMatchObject({ ok: false, message: 'Tick every item of #1001 first (or ship without checking items).' })
    expect(session.scanItem('mug-1')).toMatchObject({ ok: true, message: 'Stoneware Mug (1 of 2) ticked.', complete: false })
    expect(session.scanItem('PIL-9')).toMatchObject({ ok: true, complete: false })
    expect(session.trackingAllowed).toBe(false)
    expect(session.scanItem('MUG-1')).toMatchObject({ ok: true, message: 'Stoneware Mug (2 of 2) ticked. Every item is ticked: scan the tracking number.', complete: true })
    expect(session.trackingAllowed).toBe(true)
    expect(desk.queued.size).toBe(0)
  })

  it('refuses a wrong SKU, naming it, and a third unit of an item ordered twice', async () => {
    const desk = fakeDesk([order(1, items)])
    const session = new ScannerSession([1], desk.deps, options())
    await session.open('1001')
    expect(session.scanItem('ZZ-404')).toEqual({ ok: false, message: 'Wrong item: SKU ZZ-404 is not in order #1001.', wrongSku: true })
    session.scanItem('MUG-1')
    session.scanItem('MUG-1')
    expect(session.scanItem('MUG-1')).toEqual({ ok: false, message: 'Too many: order #1001 has 2 of SKU MUG-1, all ticked already.', wrongSku: true })
    expect(session.current?.packed).toEqual([2, 0])
  })

  it('an item without a SKU is marked packed by hand', async () => {
    const desk = fakeDesk([order(1, [{ name: 'Gift card', variant: '', sku: '', qty: 1 }])])
    const session = new ScannerSession([1], desk.deps, options())
    await session.open('1001')
    expect(session.markPacked(0)).toMatchObject({ ok: true, complete: true })
    expect(session.trackingAllowed).toBe(true)
  })

  it('"Ship without checking items" lets tracking through and is recorded with time and order', async () => {
    const desk = fakeDesk([order(1, items)])
    const session = new ScannerSession([1], desk.deps, options())
    await session.open('1001')
    const entry = session.overrideItemCheck()
    expect(entry).toEqual({ at: '2026-11-02T10:00:00.000Z', orderId: 1, number: '1001' })
    expect(desk.overrides).toEqual([entry])
    expect(session.overrides).toEqual([entry])
    expect((await session.submit(s10(5), 'USPS', false)).ok).toBe(true)
  })

  it('with the item check off, tracking is open at once', async () => {
    const desk = fakeDesk([order(1, items)])
    const session = new ScannerSession([1], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    expect(session.trackingAllowed).toBe(true)
  })
})

describe('scanner: tracking', () => {
  it('asks before a number no carrier format matches, and sends it once confirmed', async () => {
    const desk = fakeDesk([order(1)])
    const session = new ScannerSession([1], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    const first = await session.submit('ZZ-NOT-A-NUMBER', '', true)
    const message = 'No carrier uses this format: ZZ-NOT-A-NUMBER. Compare it with the label.'
    expect(first).toMatchObject({ ok: false, message, confirm: [{ kind: 'unknown-format', message }] })
    expect(desk.queued.size).toBe(0)
    const second = await session.submit('ZZ-NOT-A-NUMBER', '', true, ['unknown-format'])
    expect(second.ok).toBe(true)
    expect([...desk.queued.values()]).toEqual([{ orderId: 1, body: { trackno: 'ZZ-NOT-A-NUMBER', sendemail: true } }])
  })

  it('says the check digit is wrong, in other words than for a format no carrier uses', async () => {
    const desk = fakeDesk([order(1)])
    const session = new ScannerSession([1], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    const wrong = s10(12345678).replace(/(\d)US$/, (_, d: string) => `${(Number(d) + 1) % 10}US`)
    const result = await session.submit(wrong, '', false)
    expect(!result.ok && result.confirm?.map((w) => w.kind)).toEqual(['check-digit'])
    expect(!result.ok && result.message).toMatch(/^The check digit is wrong: .* has the format of a S10 International Standard number/)
    expect((await session.submit(wrong, '', false, ['check-digit'])).ok).toBe(true)
  })

  it('a number in a carrier format goes through without a question', async () => {
    const desk = fakeDesk([order(1)])
    const session = new ScannerSession([1], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    expect((await session.submit(s10(12345678), 'USPS', false)).ok).toBe(true)
  })

  it('warns, naming the other order, when the number is already on another order', async () => {
    const desk = fakeDesk([order(1), order(2), order(7)])
    desk.trackingOf.set(7, s10(42))
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    const result = await session.submit(s10(42).toLowerCase(), '', false)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.confirm?.map((w) => w.kind)).toEqual(['duplicate'])
    expect(!result.ok && result.message).toBe(`${s10(42).toLowerCase()} is already the tracking number of order #1007. Use it for #1001 too?`)
    // Confirming one warning does not confirm the other kind.
    expect((await session.submit('ZZ-NOT-A-NUMBER', '', false, ['duplicate:1007'])).ok).toBe(false)
    expect((await session.submit(s10(42), '', false, ['duplicate:1007'])).ok).toBe(true)
  })

  it('also catches a number given to another order earlier in the same session', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    await session.submit(s10(7), '', false)
    await session.open('1002')
    const result = await session.submit(s10(7), '', false)
    expect(!result.ok && result.confirm?.[0]).toMatchObject({ kind: 'duplicate', orders: ['1001'] })
  })

  it('refuses an empty or malformed number and keeps the order open', async () => {
    const desk = fakeDesk([order(1)])
    const session = new ScannerSession([1], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    expect(await session.submit('  ', 'UPS', true)).toEqual({ ok: false, message: 'Tracking number is required.' })
    expect(session.current?.order.ID).toBe(1)
    expect(desk.queued.size).toBe(0)
  })

  it('a tracked order leaves the queue and cannot be opened again in the session', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    await session.submit(s10(1), '', false)
    expect(session.remaining).toBe(1)
    expect(await session.open('1001')).toMatchObject({ ok: false, message: `Order #1001 was tracked in this session (${s10(1)}).` })
  })
})

describe('scanner: the order read again before its tracking is queued', () => {
  it('stops an order another desk fulfilled since it was opened, names their number, and queues nothing', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options())
    await session.open('1001')
    session.scanItem('SKU-1')
    desk.store.set(1, { ...order(1), state: { ...PAID, fulfillment_status: 'fulfilled' }, trackno: 'RR000000001US' })
    const result = await session.submit(s10(5), 'USPS', true)
    expect(result).toEqual({ ok: false, stopped: true, message: '#1001 was fulfilled elsewhere since you opened it: RR000000001US. Nothing was queued.' })
    expect(desk.queued.size).toBe(0)
    expect(session.current).toBeNull()
    expect(session.remaining).toBe(1)
    expect(session.stopped).toEqual([result.ok ? '' : result.message])
  })

  it('stops an order cancelled since it was opened; offline, the cache decides', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    desk.cache.set(1, { ...order(1), state: { ...PAID, post_status: 'wc-cancelled' } })
    desk.state.offline = true
    expect(await session.submit(s10(5), '', false)).toMatchObject({ ok: false, stopped: true, message: '#1001 was cancelled since you opened it. Nothing was queued.' })
    await session.open('1002')
    expect((await session.submit(s10(6), '', false)).ok).toBe(true)
  })
})

describe('scanner: undo', () => {
  it('withdraws the last unsent write and opens that order again, as it was ticked', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options())
    await session.open('1001')
    session.scanItem('SKU-1')
    await session.submit(s10(1), 'USPS', true)
    await session.open('1002')
    session.scanItem('SKU-2')
    await session.submit(s10(2), 'USPS', true)
    expect(await session.undo()).toMatchObject({ ok: true, order: { ID: 2 } })
    expect(session.undone.map((u) => u.order.ID)).toEqual([2])
    expect(session.current?.order.ID).toBe(2)
    expect(session.trackingAllowed).toBe(true)
    expect([...desk.queued.values()].map((q) => q.orderId)).toEqual([1])
    await session.submit(s10(9), 'USPS', true)
    expect([...desk.queued.values()].map((q) => q.orderId)).toEqual([1, 2])
  })

  it('undo of a write already sent says so and changes nothing', async () => {
    const desk = fakeDesk([order(1), order(2)])
    const session = new ScannerSession([1, 2], desk.deps, options({ itemCheck: false }))
    await session.open('1001')
    const first = await session.submit(s10(1), '', false)
    if (!first.ok) throw new Error('submit failed')
    desk.sent.add(first.entry.handle)
    const result = await session.undo()
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toMatch(/already sent/)
    expect(session.current).toBeNull()
    expect(desk.queued.size).toBe(1)
  })
})

describe('scanner: the order to pack', () => {
  it('takes name, variant, SKU and quantity from the cached order’s line items', () => {
    const cached = makeOrders(40, 5).find((o) => o.line_items.length > 0)!
    const withVariant = { ...cached, line_items: [{ ...cached.line_items[0]!, order_item_name: 'Tee - M', sku: 'TEE-2', qty: '3', properties: [{ name: 'Size', value: 'M' }] }] }
    expect(scannerOrder(withVariant).items).toEqual([{ name: 'Tee - M', variant: 'Size: M', sku: 'TEE-2', qty: 3 }])
  })
})
