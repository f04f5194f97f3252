// Scanner mode's composable on a real cache (fake-indexeddb) with the store out of reach: the
// queue it builds, the steps a packer takes (open, tick, track, undo), where focus goes after
// each (never while a step is busy), what is said and heard, and the store's scanner settings.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref, type EffectScope } from 'vue'
import { flushPromises } from '@vue/test-utils'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '@/data/db'
import { makeOrder } from '@/data/test-support'
import { outboxWrites } from '@/data'
import { readSetting } from '@/session/settings'
import { SCANNER_SETTINGS } from './scanner-settings'
import { useScannerSession, type ScannerFocus } from './use-scanner-session'
import type { Tone } from './scanner'

vi.mock('@/bridge', () => ({ api: {} }))

type LineItem = Order['line_items'][number]
/** A line with what the scanner reads (name, SKU, quantity); the other fields do not matter here. */
const item = (name: string, sku: string, qty = 1) =>
  ({ order_item_id: 0, order_item_name: name, order_item_type: 'line_item', order_id: 0, price: 1, qty: String(qty), line_total: qty, product_id: 0, variation_id: 0, sku, properties: [] }) as unknown as LineItem

const ORDERS: Order[] = [
  makeOrder(1, 1, { line_items: [item('Mug', 'MUG-1', 2), item('Card', '')] }),
  makeOrder(2, 2, { line_items: [item('Tote', 'TOTE-1')] }),
  makeOrder(3, 3, { fulfillment_status: 'fulfilled', trackno: 'RR123456785US', line_items: [item('Cap', 'CAP-1')] }),
  makeOrder(4, 4, { financial_status: 'partial-refund', line_items: [item('Pen', 'PEN-1')] }),
]

let db: StoreDatabase
let scope: EffectScope
let focused: { target: ScannerFocus; busy: boolean }[]
let tones: Tone[]
let stopped: string[]

async function start(connectionId = 'shop-a') {
  const connection = ref<string | null>(connectionId)
  scope = effectScope()
  const scanner = scope.run(() =>
    useScannerSession(
      { kind: 'ids', ids: [1, 2, 3, 4] },
      {
        database: db,
        connectionId: connection,
        online: () => false,
        focus: (target) => focused.push({ target, busy: scanner!.busy.value }),
        notifyStopped: (message) => stopped.push(message),
        play: (tone) => tones.push(tone),
      },
    ),
  )!
  await scanner.loadQueue()
  await flushPromises()
  return scanner
}
const lastFocus = () => focused.at(-1)?.target

beforeEach(async () => {
  localStorage.clear()
  db = new StoreDatabase(`scanner-session-${Math.random()}`)
  await db.orders.bulkPut(ORDERS.map((o) => structuredClone(o)))
  focused = []
  tones = []
  stopped = []
})
afterEach(async () => {
  scope.stop()
  db.close()
  await db.delete()
})

describe('the scanner session', () => {
  it('queues what can ship, oldest first, says what it left out and waits at the order field', async () => {
    const s = await start()
    expect(s.progress.value).toBe('0 tracked · 2 orders to ship in this queue (from the selected orders, oldest first)')
    expect(s.exclusions.value).toMatch(/fulfilled/)
    expect(s.current.value).toBeNull()
    expect(lastFocus()).toBe('order')
  })

  it('follows every tick of the open order and moves on to the tracking number when all are ticked', async () => {
    const s = await start()
    s.orderScan.value = '1001'
    await s.openScanned()
    expect(s.current.value?.order.number).toBe('1001')
    expect(s.flash.value?.text).toContain('Order #1001 is open: 2 items to pack. Scan each item.')
    expect(lastFocus()).toBe('sku')
    expect(s.trackingAllowed.value).toBe(false)

    s.skuScan.value = 'mug-1'
    await s.scanSku()
    expect(s.packedText(0)).toBe('1 of 2')
    expect(s.itemDone(0)).toBe(false)
    s.skuScan.value = 'MUG-1'
    await s.scanSku()
    expect(s.itemDone(0)).toBe(true)
    s.skuScan.value = 'MUG-1'
    await s.scanSku()
    expect(s.flash.value).toEqual({ tone: 'error', text: 'Too many: order #1001 has 2 of SKU MUG-1, all ticked already.' })
    expect(tones.at(-1)).toBe('wrong-item')

    await s.markPacked(1)
    expect(s.itemDone(1)).toBe(true)
    expect(s.trackingAllowed.value).toBe(true)
    expect(s.showItemCheck.value).toBe(false)
    expect(lastFocus()).toBe('track')
  })

  it('queues the tracking, then undo withdraws it and opens the order again as it was ticked', async () => {
    const s = await start()
    s.orderScan.value = '1002'
    await s.openScanned()
    s.skuScan.value = 'TOTE-1'
    await s.scanSku()
    s.trackno.value = 'RR987654326US'
    await nextTick()
    expect(s.carrier.value).not.toBe('')
    await s.submit()
    await flushPromises()
    expect(s.flash.value?.text).toBe('Tracking RR987654326US queued for #1002 (the customer will be e-mailed). Scan the next packing slip.')
    expect(s.progress.value).toBe('1 tracked · 1 order to ship in this queue (from the selected orders, oldest first)')
    expect(s.current.value).toBeNull()
    expect(lastFocus()).toBe('order')
    expect((await outboxWrites(db)).map((w) => w.kind)).toEqual(['orders.track'])

    await s.undo()
    await flushPromises()
    expect(s.flash.value?.text).toBe('Undone: the tracking of #1002 was withdrawn; the order is open again.')
    expect(s.current.value?.order.number).toBe('1002')
    expect(s.itemDone(0)).toBe(true)
    expect(lastFocus()).toBe('track')
    expect(await outboxWrites(db)).toEqual([])
    expect(s.progress.value).toBe('0 tracked · 2 orders to ship in this queue (from the selected orders, oldest first)')
  })

  it('never moves focus while a step is busy: a move asked for then comes once it is done', async () => {
    const s = await start()
    await s.openNext()
    s.skuScan.value = 'MUG-1'
    await s.scanSku()
    await s.scanSku()
    s.skuScan.value = 'MUG-1'
    await s.scanSku()
    await s.markPacked(1)
    s.trackno.value = 'not a number!'
    await s.submit()
    s.trackno.value = 'RR987654326US'
    await s.submit()
    await s.undo()
    expect(focused.length).toBeGreaterThan(4)
    expect(focused.filter((f) => f.busy)).toEqual([])
  })

  it('asks before shipping without checking items, and Keep checking goes back to the item scan', async () => {
    const s = await start()
    await s.openNext()
    await s.askOverride()
    expect(s.confirmingOverride.value).toBe(true)
    expect(lastFocus()).toBe('override-cancel')
    await s.cancelOverride()
    expect(lastFocus()).toBe('sku')
    await s.askOverride()
    await s.confirmOverride()
    expect(s.current.value?.overridden).toBe(true)
    expect(s.trackingAllowed.value).toBe(true)
    expect(s.flash.value?.text).toBe('Shipping #1001 without checking its items; this is recorded in the session summary.')
    expect(lastFocus()).toBe('track')
  })

  it('keeps its settings per store: no items to check, no e-mail, no sound, partially refunded orders shipped', async () => {
    const s = await start()
    s.settings.value.itemCheck = false
    s.settings.value.emailCustomer = false
    s.settings.value.sound = false
    s.allowPartialRefund.value = true
    await flushPromises()
    expect(s.progress.value).toBe('0 tracked · 3 orders to ship in this queue (from the selected orders, oldest first)')
    expect(readSetting(SCANNER_SETTINGS, 'shop-a')).toEqual({ allowedPayments: ['partial-refund'], itemCheck: false, emailCustomer: false, sound: false })
    expect(readSetting(SCANNER_SETTINGS, 'shop-b')).toEqual(SCANNER_SETTINGS.fallback())

    s.orderScan.value = '1004'
    await s.openScanned()
    expect(s.trackingAllowed.value).toBe(true)
    expect(lastFocus()).toBe('track')
    s.trackno.value = 'RR987654326US'
    await s.submit()
    expect(s.flash.value?.text).toContain('(no e-mail to the customer)')
    expect(tones).toEqual([])

    scope.stop()
    const again = await start()
    expect(again.settings.value).toEqual({ allowedPayments: ['partial-refund'], itemCheck: false, emailCustomer: false, sound: false })
  })

  it('an order number that is not in the queue is refused with its reason and focus stays on the order field', async () => {
    const s = await start()
    s.orderScan.value = '1003'
    await s.openScanned()
    expect(s.current.value).toBeNull()
    expect(s.flash.value?.tone).toBe('error')
    expect(s.flash.value?.text).toMatch(/#1003/)
    expect(tones.at(-1)).toBe('error')
    expect(lastFocus()).toBe('order')
    s.orderScan.value = '   '
    await s.openScanned()
    expect(s.flash.value?.text).toBe('Scan a packing slip or type an order number.')
  })
})
