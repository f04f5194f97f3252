import { describe, expect, it } from 'vitest'
import type { OrderLineItem } from '@common/store-api/resources'
import { buildPickList } from './pick-list'

let itemId = 0
function item(name: string, sku: string, qty: number, properties: unknown[] = []): OrderLineItem {
  itemId++
  return {
    order_item_id: itemId, order_item_name: name, order_item_type: 'line_item', order_id: 1, price: 10, qty: String(qty), line_total: 10 * qty,
    product_id: 1, variation_id: 0, public_url: '', line_subtotal: '', regular_price: '10', sku, properties,
  }
}
const order = (number: string, ...line_items: OrderLineItem[]) => ({ ID: Number(number), number, line_items })
const red = [{ name: 'Colour', value: 'Red' }]
const blue = [{ name: 'Colour', value: 'Blue' }]

describe('buildPickList', () => {
  it('sums one SKU over several orders and names every order that needs it', () => {
    const rows = buildPickList(
      [order('1001', item('Mug', 'MUG-1', 2), item('Tee', 'TEE-R', 1, red)), order('1002', item('Mug', 'MUG-1', 3)), order('1003', item('Mug', 'MUG-1', 1), item('Mug', 'MUG-1', 1))],
      new Map(),
    )
    expect(rows).toEqual([
      { sku: 'MUG-1', product: 'Mug', variant: '', quantity: 7, orders: ['1001', '1002', '1003'], bin: null },
      { sku: 'TEE-R', product: 'Tee', variant: 'Colour: Red', quantity: 1, orders: ['1001'], bin: null },
    ])
  })

  it('walks the bins in natural order first, then the SKUs without a bin by SKU', () => {
    const rows = buildPickList([order('1', item('A', 'SKU-A', 1), item('B', 'SKU-B', 1), item('C', 'SKU-C', 1), item('D', 'SKU-D', 1))], new Map([['SKU-D', 'A-2'], ['SKU-B', 'A-10']]))
    expect(rows.map((r) => [r.sku, r.bin])).toEqual([['SKU-D', 'A-2'], ['SKU-B', 'A-10'], ['SKU-A', null], ['SKU-C', null]])
  })

  it('groups items without a SKU by product and variant, after every SKU', () => {
    const rows = buildPickList([order('1', item('Tee', '', 1, red), item('Tee', ' ', 2, blue), item('Zed', 'Z-1', 1)), order('2', item('Tee', '', 4, red))], new Map([['', 'A-1']]))
    expect(rows).toEqual([
      { sku: 'Z-1', product: 'Zed', variant: '', quantity: 1, orders: ['1'], bin: null },
      { sku: null, product: 'Tee', variant: 'Colour: Blue', quantity: 2, orders: ['1'], bin: null },
      { sku: null, product: 'Tee', variant: 'Colour: Red', quantity: 5, orders: ['1', '2'], bin: null },
    ])
  })

  it('takes the bin set on an order for its items, over the bin table, and keeps other orders’ items apart', () => {
    const rows = buildPickList(
      [order('1001', item('Mug', 'MUG-1', 2)), order('1002', item('Mug', 'MUG-1', 1), item('Tee', 'TEE-R', 1))],
      new Map([['MUG-1', 'C-9']]),
      (o) => (o.ID === 1002 ? 'A-12' : null),
    )
    expect(rows).toEqual([
      { sku: 'MUG-1', product: 'Mug', variant: '', quantity: 1, orders: ['1002'], bin: 'A-12' },
      { sku: 'TEE-R', product: 'Tee', variant: '', quantity: 1, orders: ['1002'], bin: 'A-12' },
      { sku: 'MUG-1', product: 'Mug', variant: '', quantity: 2, orders: ['1001'], bin: 'C-9' },
    ])
  })

  it('counts an unreadable quantity as none rather than spoiling the sum', () => {
    const broken = { ...item('Mug', 'MUG-1', 1), qty: 'two' }
    expect(buildPickList([order('1', broken, item('Mug', 'MUG-1', 2))], new Map())[0]!.quantity).toBe(2)
  })
})
