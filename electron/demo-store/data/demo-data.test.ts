// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { Order } from '../../common/store-api/resources'
import { DemoData } from './demo-data'
import { summarizeOrder } from './order-summary'

const cents = (n: number) => Math.round(n * 100)

function allOrders(data: DemoData): Order[] {
  const out: Order[] = []
  for (let id = 1001; id < 1001 + data.orderCount; id++) out.push(data.order(id)!)
  return out
}

describe('DemoData.generate', () => {
  it('gives the same store for the same seed and a different one for another seed', () => {
    const a = JSON.stringify(DemoData.generate({ seed: 7, orders: 80 }))
    const b = JSON.stringify(DemoData.generate({ seed: 7, orders: 80 }))
    const c = JSON.stringify(DemoData.generate({ seed: 8, orders: 80 }))
    expect(a).toBe(b)
    expect(a).not.toBe(c)
    const ordersA = allOrders(DemoData.generate({ seed: 7, orders: 80 }))
    const ordersB = allOrders(DemoData.generate({ seed: 7, orders: 80 }))
    expect(JSON.stringify(ordersA)).toBe(JSON.stringify(ordersB))
  })

  it('makes orders that add up, match the API shape and agree with their refunds', () => {
    const orders = allOrders(DemoData.generate({ seed: 3, orders: 400 }))
    for (const o of orders) {
      expect(Order.safeParse(o).success).toBe(true)
      const lines = o.line_items.reduce((s, l) => s + cents(l.line_total), 0)
      const fees = o.fees.reduce((s, f) => s + cents(f.line_total), 0)
      const records = Array.isArray(o.discount_record) ? o.discount_record : [o.discount_record]
      const discounts = records.reduce((s, d) => s + cents(Number(d.amount ?? 0)), 0)
      expect(lines + cents(o.order_shipping) + fees + cents(o.order_tax) + cents(o.order_shipping_tax) - discounts).toBe(cents(o.order_total))
      const refunded = (o.refunds ?? []).reduce((s, r) => s + cents(r.refund_amount), 0)
      if (o.financial_status === 'refund') expect(refunded).toBe(cents(o.order_total))
      else if (o.financial_status === 'partial-refund') expect(refunded > 0 && refunded < cents(o.order_total)).toBe(true)
      else expect(refunded).toBe(0)
      expect(o.paid_date === undefined).toBe(o.financial_status === 'unpaid')
    }
    for (const status of ['wc-completed', 'wc-on-hold', 'wc-processing', 'wc-cancelled', 'wc-pending']) expect(orders.some((o) => o.post_status === status)).toBe(true)
    for (const status of ['paid', 'partial-refund', 'refund', 'unpaid']) expect(orders.some((o) => o.financial_status === status)).toBe(true)
    expect(orders.some((o) => o.fees.some((f) => f.order_item_name === 'Shipping Insurance'))).toBe(true)
    expect(new Set(orders.map((o) => o.order_currency))).toEqual(new Set(['USD']))
  })

  it('keeps each order summary in line with the order it summarises', () => {
    const data = DemoData.generate({ seed: 11, orders: 300 })
    const summaries = data.ordersAscending('date')
    for (const s of summaries) expect(s).toEqual(summarizeOrder(data.order(s.id)!))
  })

  it('makes abandoned checkouts with reminder e-mails, zero dates and some recovered into real orders', () => {
    const data = DemoData.generate({ seed: 42, orders: 60 })
    expect(data.checkouts).toHaveLength(40)
    const recovered = data.checkouts.filter((c) => c.order_id !== null)
    expect(recovered.length).toBeGreaterThan(0)
    for (const c of recovered) {
      expect(c.recall_status).toBe(1)
      const order = data.order(c.order_id!)!
      expect(order.billing_address.email).toBe(c.customer_email)
      expect(c.order_total).toBe(order.order_total)
      expect(c.lineitems.map((l) => [l.product_id, l.qty])).toEqual(order.line_items.map((l) => [l.product_id, Number(l.qty)]))
      expect(Date.parse(c.post_date_gmt)).toBeLessThan(Date.parse(`${order.post_date_gmt.replace(' ', 'T')}Z`))
    }
    const emails = data.checkouts.flatMap((c) => c.checkout_emails)
    expect(emails.some((e) => e.is_sent === 0 && e.send_time === '0000-00-00 00:00:00' && e.updated_at_gmt === '0000-00-00 00:00:00')).toBe(true)
    expect(emails.some((e) => e.is_sent === 1 && /[+-]\d{2}:\d{2}$/.test(e.send_time))).toBe(true)
    for (const c of data.checkouts) {
      const fees = c.fees.reduce((sum, f) => sum + cents(Number(f.line_total)), 0)
      expect(cents(Number(c.cart_subtotal)) - cents(c.cart_discount) + cents(Number(c.order_shipping)) + cents(Number(c.taxes_total)) + fees).toBe(cents(c.order_total))
      expect(c.post_date_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
      expect(c.cart_email).toMatch(/^https:\/\/.+\/checkout\/recover\//)
    }
  })

  it('makes blogs with rich HTML, collections and meta fields', () => {
    const data = DemoData.generate({ seed: 42, orders: 60 })
    expect(data.blogs.length).toBe(24)
    const html = data.blogs.map((b) => b.content).join('\n')
    for (const tag of ['<h2>', '<ul>', '<ol>', '<table>', '<iframe', '<figure>', '<img', 'style="', '<details>', '<a href=']) expect(html).toContain(tag)
    expect(data.collections).toHaveLength(4)
    for (const type of ['blog', 'order', 'blog_collection', 'product']) expect(data.metaFields.some((m) => m.resource_type === type)).toBe(true)
    expect(data.metaFields.some((m) => m.pinned_position)).toBe(true)
    expect(data.metaValues.length).toBeGreaterThan(0)
  })
})

describe('DemoData.fromJSON', () => {
  it('restores exactly what toJSON saved, including changed orders and sent e-mails', () => {
    const data = DemoData.generate({ seed: 5, orders: 50 })
    const order = data.order(1010)!
    order.trackno = 'CHANGED1'
    data.orderChanged(order)
    data.recordSentEmail({ orderId: 1010, to: 'a@example.com', trackno: 'CHANGED1', carrier: 'UPS', at: '2026-11-22T00:00:00.000Z' })
    const saved = JSON.parse(JSON.stringify(data))
    const restored = DemoData.fromJSON(saved)
    expect(JSON.parse(JSON.stringify(restored))).toEqual(saved)
    expect(restored.order(1010)?.trackno).toBe('CHANGED1')
    expect(restored.sentEmails).toHaveLength(1)
  })

  it('refuses data that is not a saved store', () => {
    expect(() => DemoData.fromJSON({ hello: 'world' })).toThrow()
    const saved = JSON.parse(JSON.stringify(DemoData.generate({ seed: 5, orders: 5 })))
    saved.blogs[0].status = 'visible'
    expect(() => DemoData.fromJSON(saved)).toThrow()
  })
})
