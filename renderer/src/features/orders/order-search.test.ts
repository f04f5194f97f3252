import { describe, expect, it } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { makeOrder, seededRandom } from '@/data/order-index/order-fixtures'
import { answerOrderQuery } from '@/data/order-index/order-query'
import { fold, orderSearchMatch, searchNeedles, type SearchMatch } from '@/data/order-index/order-search'

const random = seededRandom(15)

/** An order of `first last`, with its phone, tracking number and one line item. */
function customerOrder(id: number, first: string, last: string, extra: Partial<Order> = {}): Order {
  const base = makeOrder(id, random)
  const address = { ...base.shipping_address, first_name: first, last_name: last, phone: '+1 (555) 010-2030' }
  return {
    ...base,
    number: String(id),
    billing_user_name: `${first} ${last}`,
    billing_address: { ...base.billing_address, ...address, email: `${fold(first)}.${fold(last)}@example.com` },
    shipping_address: address,
    line_items: [{ ...base.line_items[0]!, order_item_name: 'Stoneware Mug', sku: 'ABC-1' }],
    trackno: undefined,
    transaction_id: undefined,
    ...extra,
  }
}

const orders = [
  customerOrder(1057, 'Ava', 'Brown'),
  customerOrder(2001, 'Liam', "O'Brien", { shipping_address: { ...customerOrder(0, 'Liam', "O'Brien").shipping_address, phone: '5550119999' } }),
  customerOrder(2002, 'José', 'García'),
  customerOrder(2003, 'Joseph', 'Smith', { trackno: '1Z999AA10123456784' }),
  customerOrder(10570, 'Ava', 'Browning', { line_items: [{ ...makeOrder(1, random).line_items[0]!, order_item_name: 'Linen Throw Pillow', sku: 'SD-001-LIN' }] }),
]

const find = (search: string) =>
  answerOrderQuery(orders, { search, sort: 'date' })
    .map((o) => o.number)
    .sort()

describe('what the order search finds (substring of one field, folded)', () => {
  it('finds a customer by "first last" and "last first", in any case', () => {
    expect(find('Ava Brown')).toEqual(['1057', '10570'])
    expect(find('brown ava')).toEqual(['1057'])
    expect(find('BROWN AVA')).toEqual(['1057'])
    expect(find('  brown   ava ')).toEqual(['1057'])
  })

  it('folds apostrophes and accents, in the search and in the names', () => {
    expect(find('obrien')).toEqual(['2001'])
    expect(find("O'Brien")).toEqual(['2001'])
    expect(find('o\u2019brien liam')).toEqual(['2001'])
    expect(find('garcia jose')).toEqual(['2002'])
    // Folded, "José" is "jose": Joseph has it too.
    expect(find('José')).toEqual(['2002', '2003'])
  })

  it('matches a substring: "jose" finds Joseph too, as typing on finds fewer', () => {
    expect(find('jose')).toEqual(['2002', '2003'])
    expect(find('josé g')).toEqual(['2002'])
  })

  it('finds an order number with or without "#", and "#" anchors the number at its start', () => {
    expect(find('#1057')).toEqual(['1057', '10570'])
    expect(find('1057')).toEqual(['1057', '10570'])
    expect(find('#0570')).toEqual([])
    expect(find('0570')).toEqual(['10570'])
  })

  it('finds a phone in any formatting and by a run of its digits', () => {
    expect(find('+1 (555) 010-2030')).toEqual(['1057', '10570', '2001', '2002', '2003'])
    expect(find('5550102030')).toEqual(['1057', '10570', '2001', '2002', '2003'])
    expect(find('010-2030')).toEqual(['1057', '10570', '2001', '2002', '2003'])
    // Liam's parcel goes to a phone of its own.
    expect(find('555 011 9999')).toEqual(['2001'])
  })

  it('finds e-mail, tracking number, SKU and product name', () => {
    expect(find('jose.garcia@')).toEqual(['2002'])
    expect(find('1z999aa1')).toEqual(['2003'])
    expect(find('sd-001')).toEqual(['10570'])
    expect(find('throw pillow')).toEqual(['10570'])
  })

  it('does not match across fields, words out of place, or a different name', () => {
    // "brown" ends the name and "ava" starts the e-mail: two fields, no match.
    expect(find('brown ava.brown')).toEqual([])
    expect(find('ava liam')).toEqual([])
    expect(find('brownava')).toEqual([])
    expect(find('garcia joseph')).toEqual([])
    expect(find('obrian')).toEqual([])
    // Digits written like a phone but not in one: no order.
    expect(find('(555) 999-0000')).toEqual([])
  })

  it('looks for a phone-like search as its digits too, but not a short one', () => {
    expect(searchNeedles('+1 (555) 010-2030')).toEqual(['+1 (555) 010-2030', '15550102030'])
    expect(searchNeedles('1-2')).toEqual(['1-2'])
    expect(searchNeedles('#1057')).toEqual(['#1057'])
    expect(searchNeedles('   ')).toEqual([])
  })
})

const text = (match: SearchMatch | null) =>
  match && { cell: match.cell, label: match.cell === 'note' ? match.label : undefined, shown: match.parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('') }

describe('what the row highlights', () => {
  const [ava, liam, jose, joseph, browning] = orders as [Order, Order, Order, Order, Order]

  it('marks the matched part of the customer name, whatever the word order or folding', () => {
    expect(text(orderSearchMatch(ava, 'ava bro', 'Ava Brown'))).toEqual({ cell: 'customer', label: undefined, shown: '[Ava Bro]wn' })
    expect(text(orderSearchMatch(ava, 'brown ava', 'Ava Brown'))).toEqual({ cell: 'customer', label: undefined, shown: '[Ava] [Brown]' })
    expect(text(orderSearchMatch(liam, 'obrien li', "Liam O'Brien"))).toEqual({ cell: 'customer', label: undefined, shown: "[Li]am [O'Brien]" })
    expect(text(orderSearchMatch(jose, 'jose', 'José García'))).toEqual({ cell: 'customer', label: undefined, shown: '[José] García' })
  })

  it('marks the number', () => {
    expect(text(orderSearchMatch(browning, '#1057', 'Ava Browning'))).toEqual({ cell: 'number', label: undefined, shown: '[#1057]0' })
    expect(text(orderSearchMatch(browning, '0570', 'Ava Browning'))).toEqual({ cell: 'number', label: undefined, shown: '#1[0570]' })
  })

  it('notes fields the row does not show, with the matched part marked', () => {
    expect(text(orderSearchMatch(browning, 'sd-001', 'Ava Browning'))).toEqual({ cell: 'note', label: 'SKU', shown: '[SD-001]-LIN' })
    expect(text(orderSearchMatch(browning, 'pillow', 'Ava Browning'))).toEqual({ cell: 'note', label: 'product', shown: 'Linen Throw [Pillow]' })
    expect(text(orderSearchMatch(joseph, '1Z999', 'Joseph Smith'))).toEqual({ cell: 'note', label: 'tracking', shown: '[1Z999]AA10123456784' })
    expect(text(orderSearchMatch(jose, 'garcia@', 'José García'))).toEqual({ cell: 'note', label: 'e-mail', shown: 'jose.[garcia@]example.com' })
    expect(text(orderSearchMatch(ava, '555 010 2030', 'Ava Brown'))).toEqual({ cell: 'note', label: 'phone', shown: '+1 ([555) 010-2030]' })
    expect(orderSearchMatch(ava, 'nothing', 'Ava Brown')).toBeNull()
  })
})
