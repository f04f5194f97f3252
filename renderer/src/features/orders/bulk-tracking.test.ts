import { describe, expect, it, vi } from 'vitest'
import { say, type Message } from '@/session/i18n'
import { idempotencyKey, importTrackingRows, parseTrackingCsv, previewTrackingRows, type OrderRef } from './bulk-tracking'

/** A row's messages as the dialog shows them (in English, the tests' language). */
const said = (messages: readonly Message[]) => messages.map(say).join(' ')

const orders = new Map<string, OrderRef>([
  ['1001', { ID: 1, number: '1001', fulfillment_status: 'unfulfilled' }],
  ['1002', { ID: 2, number: '1002', fulfillment_status: 'unfulfilled' }],
  ['1003', { ID: 3, number: '1003', fulfillment_status: 'fulfilled', trackno: '1Z999AA10123456784' }],
  ['1004', { ID: 4, number: '1004', fulfillment_status: 'unfulfilled' }],
])

const csv = [
  'Order number,Tracking number,Carrier,E-mail',
  '#1001,AB123456,UPS,yes',
  '1002,,DHL,no',
  '9999,ZZ999999,UPS,no',
  '1003,1Z999AA10123456784,UPS,no',
  '1004,CD555555,,maybe',
  '1001,AB123456,UPS,yes',
].join('\n')

describe('bulk tracking from CSV', () => {
  it('checks every row before sending anything', async () => {
    const { rows, problems } = await parseTrackingCsv(csv)
    expect(problems).toEqual([])
    const verdicts = previewTrackingRows(rows, orders, new Set())
    expect(verdicts.map((v) => [v.row.line, v.status])).toEqual([
      [2, 'warning'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'skip'],
      [6, 'invalid'],
      [7, 'skip'],
    ])
    expect(said(verdicts[1]!.problems)).toMatch(/required/)
    expect(said(verdicts[2]!.problems)).toMatch(/No order #9999/)
    expect(said(verdicts[3]!.problems)).toMatch(/Already fulfilled/)
    expect(said(verdicts[4]!.problems)).toMatch(/“maybe” is not yes or no/)
    expect(said(verdicts[5]!.problems)).toMatch(/Same as line 2/)
    expect(said(verdicts[0]!.problems)).toBe('No carrier uses this format: AB123456. Compare it with the label.')
    expect(verdicts[0]!.body).toEqual({ trackno: 'AB123456', sendemail: true, logistics_company: 'UPS' })
  })

  it('puts each row to the one tracking policy: wrong check digit, another order’s number, a closed order', async () => {
    const more = new Map<string, OrderRef>([
      ...orders,
      ['1005', { ID: 5, number: '1005', fulfillment_status: 'unfulfilled', post_status: 'wc-cancelled' }],
      ['1006', { ID: 6, number: '1006', fulfillment_status: 'unfulfilled', financial_status: 'unpaid' }],
    ])
    const { rows } = await parseTrackingCsv(['1001,1Z999AA10123456784,UPS,no', '1002,1Z999AA10123456785,UPS,no', '1004,RR123456785US,,no', '1005,RR123456785US,,no', '1006,RR000000014US,,no', '1003,RR000000022US,,no'].join('\n'))
    const verdicts = previewTrackingRows(rows, more, new Set(), undefined, new Map([['1Z999AA10123456784', ['1003']]]))
    expect(verdicts.map((v) => [v.status, said(v.problems)])).toEqual([
      ['warning', '1Z999AA10123456784 is already the tracking number of order #1003. Use it for #1001 too?'],
      ['warning', expect.stringMatching(/^The check digit is wrong: 1Z999AA10123456785 has the format of a UPS number/)],
      ['ready', ''],
      ['invalid', 'Order #1005 is cancelled. Not imported: add or change it on the order page.'],
      ['warning', 'Order #1006 is not paid. Ship it only if you know it is paid another way.'],
      ['invalid', 'Order #1003 is already fulfilled with tracking 1Z999AA10123456784. Not imported: add or change it on the order page.'],
    ])
  })

  it('limited to the selected orders, refuses a row naming an order outside the selection', async () => {
    const { rows } = await parseTrackingCsv(['1001,AB123456,UPS,yes', '1002,CD123456,UPS,no', '9999,EF123456,UPS,no'].join('\n'))
    const verdicts = previewTrackingRows(rows, orders, new Set(), { ids: new Set([1, 4]) })
    expect(verdicts.map((v) => v.status)).toEqual(['warning', 'invalid', 'invalid'])
    expect(said(verdicts[1]!.problems)).toBe('Order #1002 is not one of the 2 selected orders.')
    expect(said(verdicts[2]!.problems)).toBe('No order #9999 in this store.')
    expect(said(previewTrackingRows(rows.slice(1, 2), orders, new Set(), { ids: new Set([1]) })[0]!.problems)).toBe('Order #1002 is not the selected order.')
  })

  it('reads a file without a header, columns in the documented order', async () => {
    const { rows } = await parseTrackingCsv('1002,EF777777,FedEx,n\r\n')
    expect(rows).toEqual([{ line: 1, orderNumber: '1002', trackno: 'EF777777', carrier: 'FedEx', email: 'n' }])
  })

  it('finds columns by header name in any order', async () => {
    const { rows } = await parseTrackingCsv('email,carrier,tracking,order\nyes,DHL,XY123456,1004\n')
    expect(rows[0]).toMatchObject({ orderNumber: '1004', trackno: 'XY123456', carrier: 'DHL', email: 'yes' })
  })

  it('reads a header and yes/no in the words the German or Chinese dialog asks for', async () => {
    const german = await parseTrackingCsv('Bestellnummer;Sendungsnummer;Versanddienstleister;Kunden benachrichtigen\n1001;AB123456;DHL;ja\n1002;CD123456;DHL;nein\n')
    expect(german.problems).toEqual([])
    expect(german.rows.map((r) => [r.orderNumber, r.trackno, r.carrier, r.email])).toEqual([
      ['1001', 'AB123456', 'DHL', 'ja'],
      ['1002', 'CD123456', 'DHL', 'nein'],
    ])
    const chinese = await parseTrackingCsv('运单号,订单号,邮件通知顾客\nEF123456,1004,是\n')
    expect(chinese.rows).toEqual([{ line: 2, orderNumber: '1004', trackno: 'EF123456', carrier: '', email: '是' }])
    const verdicts = previewTrackingRows([...german.rows, ...chinese.rows], orders, new Set())
    expect(verdicts.map((v) => v.body?.sendemail)).toEqual([true, false, true])
  })

  it('loads every language’s words before it reads a header: a German header on a fresh start, only English loaded', async () => {
    vi.resetModules()
    const i18n = await import('@/session/i18n')
    const fresh = await import('./bulk-tracking')
    expect(i18n.isLanguageLoaded('de')).toBe(false)
    const { rows, problems } = await fresh.parseTrackingCsv('Bestellnummer;Sendungsnummer;Versanddienstleister;Kunden benachrichtigen\n1001;AB123456;DHL;ja\n')
    expect(problems).toEqual([])
    expect(rows.map((r) => [r.orderNumber, r.trackno, r.email])).toEqual([['1001', 'AB123456', 'ja']])
  })

  it('says what cannot be read in a file, line by line', async () => {
    const { problems } = await parseTrackingCsv('1001,"AB123456,UPS,yes\n')
    expect(problems.map(say)).toEqual(['Line 1: a quoted field is not closed.'])
    expect((await parseTrackingCsv('carrier,email\nUPS,yes\n')).problems.map(say)).toEqual(['The header row needs an “order number” and a “tracking number” column.'])
  })

  it('rejects the same order twice with different numbers', async () => {
    const { rows } = await parseTrackingCsv('1001,AAA11111,,no\n1001,BBB22222,,no\n')
    expect(previewTrackingRows(rows, orders, new Set()).map((v) => v.status)).toEqual(['warning', 'invalid'])
  })

  it('imports the good rows, reports the bad ones, and never queues a write twice', async () => {
    const queued: { orderId: number; trackno: string }[] = []
    const queuedKeys = new Set<string>()
    const track = async (orderId: number, body: { trackno: string }) => {
      if (orderId === 4) throw new Error('disk full')
      queued.push({ orderId, trackno: body.trackno })
      const number = [...orders.values()].find((o) => o.ID === orderId)!.number
      queuedKeys.add(idempotencyKey(number, body.trackno))
    }
    const file = 'order,tracking,email\n1001,AB123456,yes\n1002,CD123456,no\n1004,EF123456,no\n9999,GH123456,no\n'
    expect((await importTrackingRows(previewTrackingRows((await parseTrackingCsv(file)).rows, orders, queuedKeys), track)).map((r) => r.outcome)).toEqual(['skipped', 'skipped', 'skipped', 'invalid'])
    expect(queued).toEqual([])
    const first = await importTrackingRows(previewTrackingRows((await parseTrackingCsv(file)).rows, orders, queuedKeys), track, { includeWarnings: true })
    expect(first.map((r) => [r.orderNumber, r.outcome])).toEqual([
      ['1001', 'queued'],
      ['1002', 'queued'],
      ['1004', 'failed'],
      ['9999', 'invalid'],
    ])
    expect(said(first[2]!.details)).toBe('Could not be queued: disk full')
    const again = await importTrackingRows(previewTrackingRows((await parseTrackingCsv(file)).rows, orders, queuedKeys), track, { includeWarnings: true })
    expect(again.map((r) => r.outcome)).toEqual(['skipped', 'skipped', 'failed', 'invalid'])
    expect(queued).toEqual([
      { orderId: 1, trackno: 'AB123456' },
      { orderId: 2, trackno: 'CD123456' },
    ])
  })
})
