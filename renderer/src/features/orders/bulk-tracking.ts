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
// Every problem and result is a Message (named arguments, plurals), said by the dialog in the
// language shown. A header row is read in any of the app's languages: the English names the
// import has always taken, and the column names and yes/no words each catalog shows in the
// dialog, so a file written after the German dialog ("Bestellnummer", "ja") reads as well.
import Papa from 'papaparse'
import { APP_LOCALES, loadLanguage, tIn, type Message, type MessageKey } from '@/session/i18n'
import { normalizeTrackingNumber, trackBody, trackingNumberProblem } from './tracking'
import { duplicateFinding, numberFindings, stateFindings } from './tracking-policy'

export interface CsvTrackingRow {
  /** 1-based line in the file, for messages. */
  line: number
  orderNumber: string
  trackno: string
  carrier: string
  email: string
}

type Column = keyof Omit<CsvTrackingRow, 'line'>

/** The column names the dialog shows (in every language, each one accepted in a header row). */
export const COLUMN_NAMES: Record<Column, MessageKey> = {
  orderNumber: 'bulkTracking.column.orderNumber',
  trackno: 'bulkTracking.column.trackno',
  carrier: 'bulkTracking.column.carrier',
  email: 'bulkTracking.column.email',
}

/** The English header names the import has always accepted, squashed. */
const COLUMN_ALIASES: Record<Column, string[]> = {
  orderNumber: ['ordernumber', 'order', 'orderno', 'number'],
  trackno: ['trackingnumber', 'tracking', 'trackno', 'trackingno'],
  carrier: ['carrier', 'logisticscompany', 'courier'],
  email: ['email', 'emailcustomer', 'emailthecustomer', 'sendemail', 'notify'],
}

/** A header cell as compared: lower case, letters only (any script), so "E-Mail" is "email". */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, '')

/** The words of `key` in each of the app's languages. */
const inEveryLanguage = (key: MessageKey) => APP_LOCALES.map((locale) => tIn(locale, key))

function aliasesOf(column: Column): string[] {
  return [...COLUMN_ALIASES[column], ...inEveryLanguage(COLUMN_NAMES[column]).map(squash)]
}

/**
 * The file's rows and what is wrong with it. Every language's catalog is loaded first (the app
 * starts with the screens' only), so a header row in any of them is read; a catalog that cannot
 * be loaded leaves its words out, and its header is then read as a row of data.
 */
export async function parseTrackingCsv(text: string): Promise<{ rows: CsvTrackingRow[]; problems: Message[] }> {
  await Promise.allSettled(APP_LOCALES.map(loadLanguage))
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const problems: Message[] = parsed.errors.map((e) => ({ key: 'bulkTracking.problem.unreadable', params: { line: (e.row ?? 0) + 1, code: e.code } }))
  const table = parsed.data
  const first = table[0] ?? []
  let columns: Record<Column, number> = { orderNumber: 0, trackno: 1, carrier: 2, email: 3 }
  let start = 0
  const headerHits = (Object.keys(COLUMN_ALIASES) as Column[]).map((key) => {
    const aliases = aliasesOf(key)
    return [key, first.findIndex((cell) => aliases.includes(squash(cell)))] as const
  })
  if (headerHits.some(([, index]) => index >= 0)) {
    start = 1
    const found = Object.fromEntries(headerHits) as typeof columns
    if (found.orderNumber < 0 || found.trackno < 0) problems.push({ key: 'bulkTracking.problem.header' })
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

/** Yes or no as the file says it: in English, or in the words the dialog asks for in any language. */
export function parseYesNo(value: string): boolean | null {
  const v = value.trim().toLowerCase()
  if (YES.includes(v) || inEveryLanguage('bulkTracking.yes').includes(v)) return true
  if (NO.includes(v) || inEveryLanguage('bulkTracking.no').includes(v)) return false
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
  /** Why the row is invalid, skipped or warned about (empty when ready). */
  problems: Message[]
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
  return rows.map((row): RowVerdict => {
    const problems: Message[] = []
    const number = row.orderNumber
    const order = number ? orders.get(number) : undefined
    if (!number) problems.push({ key: 'bulkTracking.problem.noOrderNumber' })
    else if (!order) problems.push({ key: 'bulkTracking.problem.noOrder', params: { number } })
    else if (scope && !scope.ids.has(order.ID)) problems.push({ key: 'bulkTracking.problem.outside', params: { number, n: scope.ids.size } })
    const trackProblem = trackingNumberProblem(row.trackno)
    if (trackProblem) problems.push(trackProblem)
    const sendEmail = parseYesNo(row.email)
    if (sendEmail === null) problems.push({ key: 'bulkTracking.problem.notYesNo', params: { value: row.email } })
    if (problems.length) return { row, status: 'invalid', problems }

    const key = idempotencyKey(number, row.trackno)
    const earlier = seenKeys.get(key)
    if (earlier !== undefined) return { row, status: 'skip', problems: [{ key: 'bulkTracking.problem.sameAs', params: { line: earlier } }] }
    seenKeys.set(key, row.line)
    const other = trackingByOrder.get(number)
    if (other !== undefined) return { row, status: 'invalid', problems: [{ key: 'bulkTracking.problem.otherNumber', params: { number, trackno: other } }] }
    trackingByOrder.set(number, row.trackno)

    const ref = order as OrderRef
    if (ref.fulfillment_status === 'fulfilled' && ref.trackno && idempotencyKey(ref.number, ref.trackno) === key) {
      return { row, status: 'skip', problems: [{ key: 'bulkTracking.problem.alreadyFulfilled' }] }
    }
    if (queuedKeys.has(key)) return { row, status: 'skip', problems: [{ key: 'bulkTracking.problem.alreadyQueued' }] }
    const state = stateFindings({ ID: ref.ID, number: ref.number, fulfillment_status: ref.fulfillment_status, post_status: ref.post_status ?? '', financial_status: ref.financial_status ?? '', trackno: ref.trackno })
    // A closed order takes tracking only with an override, which is the order page's: the row
    // says why it is not imported, without the page's "add it anyway?".
    const closed = state.find((f) => f.kind === 'closed')
    if (closed) {
      const words: Message = closed.state === 'fulfilled' && ref.trackno ? { key: 'bulkTracking.problem.fulfilledWith', params: { number, trackno: ref.trackno } } : { key: 'bulkTracking.problem.closed', params: { number, state: closed.state } }
      return { row, status: 'invalid', problems: [words] }
    }
    const others = (usedBy.get(normalizeTrackingNumber(row.trackno).toUpperCase()) ?? []).filter((n) => n !== ref.number).map((n) => ({ number: n }))
    const warnings = [...numberFindings(row.trackno), ...duplicateFinding(row.trackno, ref, others), ...state].map((f) => f.words)
    const body = trackBody({ trackno: row.trackno, carrier: row.carrier, sendEmail: sendEmail as boolean })
    return { row, status: warnings.length ? 'warning' : 'ready', problems: warnings, orderId: ref.ID, body }
  })
}

export type RowOutcome = 'queued' | 'skipped' | 'invalid' | 'failed'

export interface RowResult {
  line: number
  orderNumber: string
  outcome: RowOutcome
  /** What happened to the row, in sentences. */
  details: Message[]
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
    if (v.status === 'invalid') results.push({ ...base, outcome: 'invalid', details: v.problems })
    else if (v.status === 'skip') results.push({ ...base, outcome: 'skipped', details: v.problems })
    else if (v.status === 'warning' && !options.includeWarnings) results.push({ ...base, outcome: 'skipped', details: [{ key: 'bulkTracking.result.warned' }, ...v.problems] })
    else {
      try {
        await track(v.orderId as number, v.body as NonNullable<RowVerdict['body']>, `#${v.row.orderNumber}`)
        results.push({ ...base, outcome: 'queued', details: [{ key: 'bulkTracking.result.queued' }] })
      } catch (error) {
        results.push({ ...base, outcome: 'failed', details: [{ key: 'bulkTracking.result.failed', params: { problem: error instanceof Error ? error.message : String(error) } }] })
      }
    }
  }
  return results
}
