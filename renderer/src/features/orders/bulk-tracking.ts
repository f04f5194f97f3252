// Bulk tracking from a CSV file: columns order number, tracking number, carrier and
// "e-mail the customer" (yes/no), with or without a header row. Every row is checked
// before anything is sent (preview) by the same tracking policy as the order page and the
// scanner (tracking-policy.ts): a row with a number no carrier uses, a wrong check digit, a
// number another order has, or an unpaid order is a warning, imported only when the operator
// says so; an order cancelled, refunded or fulfilled with another number is not imported (an
// override belongs on the order page, one order at a time). Then the rows are queued and each
// gets its result. Nothing is sent twice: a row is keyed by order number + tracking number and
// skipped when the file repeats it, when the order already carries that tracking number, or
// when the same write is already waiting in the outbox.
import Papa from 'papaparse'
import { normalizeTrackingNumber, trackBody, trackingNumberError } from './tracking'
import { duplicateFinding, numberFindings, stateFindings } from './tracking-policy'

export interface CsvTrackingRow {
  /** 1-based line in the file, for messages. */
  line: number
  orderNumber: string
  trackno: string
  carrier: string
  email: string
}

const COLUMN_ALIASES: Record<keyof Omit<CsvTrackingRow, 'line'>, string[]> = {
  orderNumber: ['ordernumber', 'order', 'orderno', 'number'],
  trackno: ['trackingnumber', 'tracking', 'trackno', 'trackingno'],
  carrier: ['carrier', 'logisticscompany', 'courier'],
  email: ['email', 'emailcustomer', 'emailthecustomer', 'sendemail', 'notify'],
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '')

export function parseTrackingCsv(text: string): { rows: CsvTrackingRow[]; problems: string[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const problems = parsed.errors.map((e) => `Line ${(e.row ?? 0) + 1}: ${e.message}`)
  const table = parsed.data
  const first = table[0] ?? []
  let columns: Record<keyof Omit<CsvTrackingRow, 'line'>, number> = { orderNumber: 0, trackno: 1, carrier: 2, email: 3 }
  let start = 0
  const headerHits = Object.entries(COLUMN_ALIASES).map(([key, aliases]) => [key, first.findIndex((cell) => aliases.includes(squash(cell)))] as const)
  if (headerHits.some(([, index]) => index >= 0)) {
    start = 1
    const found = Object.fromEntries(headerHits) as typeof columns
    if (found.orderNumber < 0 || found.trackno < 0) problems.push('The header row needs an "order number" and a "tracking number" column.')
    columns = found
  }
  const cell = (row: string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '')
  const rows = table.slice(start).map((row, i) => ({
    line: start + i + 1,
    orderNumber: cell(row, columns.orderNumber).replace(/^#/, ''),
    trackno: normalizeTrackingNumber(cell(row, columns.trackno)),
    carrier: cell(row, columns.carrier),
    email: cell(row, columns.email),
  }))
  return { rows, problems }
}

const YES = ['yes', 'y', 'true', '1']
const NO = ['no', 'n', 'false', '0', '']

export function parseYesNo(value: string): boolean | null {
  const v = value.trim().toLowerCase()
  if (YES.includes(v)) return true
  if (NO.includes(v)) return false
  return null
}

export function idempotencyKey(orderNumber: string, trackno: string): string {
  return `${orderNumber.trim().replace(/^#/, '')}|${normalizeTrackingNumber(trackno).toUpperCase()}`
}

export interface OrderRef {
  ID: number
  number: string
  fulfillment_status: string
  post_status?: string
  financial_status?: string
  trackno?: string
}

export type RowStatus = 'ready' | 'warning' | 'skip' | 'invalid'

export interface RowVerdict {
  row: CsvTrackingRow
  status: RowStatus
  /** Why the row is invalid or skipped (empty when ready). */
  problems: string[]
  orderId?: number
  body?: ReturnType<typeof trackBody>
}

/** The orders an import may touch (the order list's selection), when it is limited to them. */
export interface ImportScope {
  ids: ReadonlySet<number>
}

/**
 * Checks every row. `orders` maps order numbers to the cached orders; `queuedKeys` holds
 * the idempotency keys of tracking writes already waiting in the outbox. With a `scope`, a row
 * naming an order outside it is refused: the operator chose which orders this file is for.
 */
export function previewTrackingRows(
  rows: readonly CsvTrackingRow[],
  orders: ReadonlyMap<string, OrderRef>,
  queuedKeys: ReadonlySet<string>,
  scope?: ImportScope,
  /** Other orders (by number) already carrying each tracking number, upper-cased. */
  usedBy: ReadonlyMap<string, readonly string[]> = new Map(),
): RowVerdict[] {
  const seenKeys = new Map<string, number>()
  const trackingByOrder = new Map<string, string>()
  return rows.map((row) => {
    const problems: string[] = []
    const order = row.orderNumber ? orders.get(row.orderNumber) : undefined
    if (!row.orderNumber) problems.push('Order number is missing.')
    else if (!order) problems.push(`No order #${row.orderNumber} in this store.`)
    else if (scope && !scope.ids.has(order.ID)) problems.push(`Order #${row.orderNumber} ${outsideSelection(scope.ids.size)}`)
    const trackProblem = trackingNumberError(row.trackno)
    if (trackProblem) problems.push(trackProblem)
    const sendEmail = parseYesNo(row.email)
    if (sendEmail === null) problems.push(`"${row.email}" is not yes or no.`)
    if (problems.length) return { row, status: 'invalid', problems }

    const key = idempotencyKey(row.orderNumber, row.trackno)
    const earlier = seenKeys.get(key)
    if (earlier !== undefined) return { row, status: 'skip', problems: [`Same as line ${earlier}.`] }
    seenKeys.set(key, row.line)
    const other = trackingByOrder.get(row.orderNumber)
    if (other !== undefined) return { row, status: 'invalid', problems: [`Order #${row.orderNumber} already has tracking number ${other} earlier in this file.`] }
    trackingByOrder.set(row.orderNumber, row.trackno)

    const ref = order as OrderRef
    if (ref.fulfillment_status === 'fulfilled' && ref.trackno && idempotencyKey(ref.number, ref.trackno) === key) {
      return { row, status: 'skip', problems: ['Already fulfilled with this tracking number.'] }
    }
    if (queuedKeys.has(key)) return { row, status: 'skip', problems: ['Already queued to be sent.'] }
    const state = stateFindings({ ID: ref.ID, number: ref.number, fulfillment_status: ref.fulfillment_status, post_status: ref.post_status ?? '', financial_status: ref.financial_status ?? '', trackno: ref.trackno })
    const closed = state.find((f) => f.kind === 'closed')
    if (closed) return { row, status: 'invalid', problems: [`${closed.message.replace(/ (Add tracking anyway\?|Change its tracking number anyway\?).*$/, '')} Not imported: add or change it on the order page.`] }
    const others = (usedBy.get(normalizeTrackingNumber(row.trackno).toUpperCase()) ?? []).filter((n) => n !== ref.number).map((number) => ({ number }))
    const warnings = [...numberFindings(row.trackno), ...duplicateFinding(row.trackno, ref, others), ...state].map((f) => f.message)
    const body = trackBody({ trackno: row.trackno, carrier: row.carrier, sendEmail: sendEmail as boolean })
    return { row, status: warnings.length ? 'warning' : 'ready', problems: warnings, orderId: ref.ID, body }
  })
}

function outsideSelection(n: number): string {
  return new Intl.PluralRules('en-US').select(n) === 'one' ? 'is not the selected order.' : `is not one of the ${n.toLocaleString('en-US')} selected orders.`
}

export type RowOutcome = 'queued' | 'skipped' | 'invalid' | 'failed'

export interface RowResult {
  line: number
  orderNumber: string
  outcome: RowOutcome
  message: string
}

/** Queues the ready rows (and the rows with warnings, when the operator said so) one by one; a failure of one row does not stop the others. */
export async function importTrackingRows(
  verdicts: readonly RowVerdict[],
  track: (orderId: number, body: NonNullable<RowVerdict['body']>, subject: string) => Promise<unknown>,
  options: { includeWarnings: boolean } = { includeWarnings: false },
): Promise<RowResult[]> {
  const results: RowResult[] = []
  for (const v of verdicts) {
    const base = { line: v.row.line, orderNumber: v.row.orderNumber }
    if (v.status === 'invalid') results.push({ ...base, outcome: 'invalid', message: v.problems.join(' ') })
    else if (v.status === 'skip') results.push({ ...base, outcome: 'skipped', message: v.problems.join(' ') })
    else if (v.status === 'warning' && !options.includeWarnings) results.push({ ...base, outcome: 'skipped', message: `Not imported: ${v.problems.join(' ')}` })
    else {
      try {
        await track(v.orderId as number, v.body as NonNullable<RowVerdict['body']>, `#${v.row.orderNumber}`)
        results.push({ ...base, outcome: 'queued', message: 'Queued; it is sent when the store is reachable.' })
      } catch (error) {
        results.push({ ...base, outcome: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  return results
}
