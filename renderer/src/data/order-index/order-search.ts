// What the order list's search box finds, in one place for the cache's index (order-index-row.ts
// writes `orderSearchText` into each index row), the array reference (data/order-index/order-query.ts)
// and the row's highlight (`orderSearchMatch`), so the three cannot disagree.
//
// Semantics: a case-insensitive substring ("contains", as the store's own search) of one field:
// - the order number, written `#1057` in the text, so "1057" finds it anywhere in the number and
//   "#1057" finds numbers starting with 1057;
// - each customer name (billing, shipping, the billing user name) as "first last" and in every
//   rotation of its words ("last first"); "jose" therefore finds José and Joseph both;
// - the billing e-mail, the transaction id, the tracking number, each line item's name and SKU;
// - each phone as its digits alone: a search written like a phone ("+1 (555) 010-2030",
//   "555-0102") is also looked for as its digits, so any formatting and any run of digits finds it.
// Search and fields are folded the same way: lower case, accents dropped ("José" → "jose"),
// apostrophes dropped ("O'Brien" → "obrien"), runs of white space as one space.
import type { Order } from '@common/store-api/resources'

/**
 * Separates the searchable fields in an index row's search text: a needle without it can only
 * match inside one field.
 */
export const SEARCH_FIELD_SEPARATOR = '\u0000'

const ASCII = /^[\x20-\x7e]*$/
/** Combining diacritical marks, left apart from their letters by NFD ("é" → "e" + U+0301). */
const MARKS = /[\u0300-\u036f]/g
/** ASCII and typographic apostrophes, the modifier letter apostrophe and the backtick people type for one. */
const APOSTROPHES = /['\u2018\u2019\u02bc`]/g
const SPACES = /\s+/g

/** A string as search compares it (header): lower case, no accents, no apostrophes, single spaces, trimmed. */
export function fold(s: string): string {
  let t = s.toLowerCase()
  if (!ASCII.test(t)) t = t.normalize('NFD').replace(MARKS, '')
  return t.replace(APOSTROPHES, '').replace(SPACES, ' ').trim()
}

/** Characters a phone number is written with besides its digits. */
const PHONE_LIKE = /^[\d\s+().\-/]+$/
/** Fewer digits than this are too common to mean a phone ("1-2" would find every order). */
const MIN_PHONE_DIGITS = 3

/**
 * What a search looks for: its folded form, and for a search written like a phone number
 * with separators, its digits too (an order matches either). Empty for a blank search.
 */
export function searchNeedles(search: string): string[] {
  const folded = fold(search)
  if (!folded) return []
  if (!PHONE_LIKE.test(folded)) return [folded]
  const digits = folded.replace(/\D/g, '')
  return digits !== folded && digits.length >= MIN_PHONE_DIGITS ? [folded, digits] : [folded]
}

/** A phone's digits alone: how the search text and the customers' grouping compare phones. */
export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** Every rotation of a name's words: "ava van dijk" → also "van dijk ava" and "dijk ava van". */
export function rotations(name: string): string[] {
  const words = name.split(' ')
  return words.map((_, k) => [...words.slice(k), ...words.slice(0, k)].join(' '))
}

/** The customer names an order carries, folded, each once. */
function customerNames(order: Order): string[] {
  const billing = order.billing_address
  const shipping = order.shipping_address
  const names = [
    order.billing_user_name,
    billing && `${billing.first_name ?? ''} ${billing.last_name ?? ''}`,
    shipping && `${shipping.first_name ?? ''} ${shipping.last_name ?? ''}`,
  ]
  return [...new Set(names.map((n) => fold(n ?? '')).filter((n) => n !== ''))]
}

/** The order's searchable fields (header), folded, joined with SEARCH_FIELD_SEPARATOR. */
export function orderSearchText(order: Order): string {
  const fields: string[] = []
  const add = (s: string | undefined) => {
    const folded = s ? fold(s) : ''
    if (folded) fields.push(folded)
  }
  fields.push(`#${fold(order.number ?? '')}`)
  add(order.transaction_id)
  add(order.billing_address?.email)
  for (const name of customerNames(order)) fields.push(...rotations(name))
  const phones = new Set([digitsOf(order.billing_address?.phone ?? ''), digitsOf(order.shipping_address?.phone ?? '')])
  for (const phone of phones) if (phone) fields.push(phone)
  add(order.trackno)
  for (const item of order.line_items ?? []) {
    add(item.order_item_name)
    add(item.sku)
  }
  return fields.join(SEARCH_FIELD_SEPARATOR)
}

/** Whether the order has a field containing one of the needles (searchNeedles). */
export function orderContainsAny(order: Order, needles: readonly string[]): boolean {
  const fields = orderSearchText(order).split(SEARCH_FIELD_SEPARATOR)
  return needles.some((needle) => fields.some((field) => field.includes(needle)))
}

// ---------------------------------------------------------------- what the row highlights

/** A piece of a shown value, marked where the search matched it. */
export interface MatchPart {
  text: string
  mark: boolean
}

/**
 * Where a search matched an order, for its row: in the number or customer cell (the cell's text
 * in parts), or, for a field the row does not show, a note ("SKU", then the value in parts).
 */
export type SearchMatch = { cell: 'number' | 'customer'; parts: MatchPart[] } | { cell: 'note'; label: string; parts: MatchPart[] }

/**
 * A string folded as `fold` does, with, for each folded character, the span of the original it
 * came from: a match in the folded text marks those characters of the original.
 */
interface FoldedWithOrigin {
  text: string
  start: number[]
  end: number[]
}

function foldWithOrigin(s: string): FoldedWithOrigin {
  const out: FoldedWithOrigin = { text: '', start: [], end: [] }
  let at = 0
  for (const char of s) {
    // One character at a time: fold trims a lone space to nothing, so white space is kept here.
    for (const c of /\s/.test(char) ? ' ' : fold(char)) {
      // Runs of white space are one space, and none leads (fold trims).
      if (c === ' ' && (out.text === '' || out.text.endsWith(' '))) continue
      out.text += c
      out.start.push(at)
      out.end.push(at + char.length)
    }
    at += char.length
  }
  if (out.text.endsWith(' ')) {
    out.text = out.text.slice(0, -1)
    out.start.pop()
    out.end.pop()
  }
  return out
}

/** The value in parts, marking the characters in `marked` (indexes into the value). */
function partsOf(value: string, marked: ReadonlySet<number>): MatchPart[] {
  const parts: MatchPart[] = []
  for (let i = 0; i < value.length; i++) {
    const mark = marked.has(i)
    const last = parts[parts.length - 1]
    if (last && last.mark === mark) last.text += value[i]
    else parts.push({ text: value[i]!, mark })
  }
  return parts
}

/** The characters of `value` a needle covers in one of its folded forms, or null when it misses. */
function markedIn(forms: FoldedWithOrigin[], needles: readonly string[]): Set<number> | null {
  for (const needle of needles) {
    for (const form of forms) {
      const at = form.text.indexOf(needle)
      if (at === -1) continue
      const marked = new Set<number>()
      for (let i = at; i < at + needle.length; i++) {
        if (form.start[i]! < 0) continue
        // From the end of the previous matched character: what folding dropped between the two
        // (the apostrophe of O'Brien, a phone's separators) is marked with them.
        const from = i > at && form.end[i - 1]! >= 0 ? form.end[i - 1]! : form.start[i]!
        for (let j = from; j < form.end[i]!; j++) marked.add(j)
      }
      return marked
    }
  }
  return null
}

/** The rotations of a shown name's words, each mapped back to the name's characters. */
function nameForms(name: string): FoldedWithOrigin[] {
  const folded = foldWithOrigin(name)
  const words: FoldedWithOrigin[] = []
  let from = 0
  for (let i = 0; i <= folded.text.length; i++) {
    if (i < folded.text.length && folded.text[i] !== ' ') continue
    words.push({ text: folded.text.slice(from, i), start: folded.start.slice(from, i), end: folded.end.slice(from, i) })
    from = i + 1
  }
  return words.map((_, k) => {
    const order = [...words.slice(k), ...words.slice(0, k)]
    const joined: FoldedWithOrigin = { text: '', start: [], end: [] }
    order.forEach((word, i) => {
      if (i > 0) {
        // The space between two words that follow each other in the name stands for the white
        // space between them; the one joining the last word to the first, for nothing.
        const previous = order[i - 1]!
        const adjacent = words.indexOf(previous) + 1 === words.indexOf(word)
        joined.text += ' '
        joined.start.push(adjacent ? previous.end[previous.end.length - 1]! : -1)
        joined.end.push(adjacent ? word.start[0]! : -1)
      }
      joined.text += word.text
      joined.start.push(...word.start)
      joined.end.push(...word.end)
    })
    return joined
  })
}

/** Where the search matched the order (the shown cells first), or null when it does not match. */
export function orderSearchMatch(order: Order, search: string, shownCustomer: string): SearchMatch | null {
  const needles = searchNeedles(search)
  if (needles.length === 0) return null
  const plain = (value: string | undefined) => (value ? [foldWithOrigin(value)] : [])

  const number = `#${order.number}`
  const inNumber = markedIn(plain(number), needles)
  if (inNumber) return { cell: 'number', parts: partsOf(number, inNumber) }
  const inCustomer = markedIn(nameForms(shownCustomer), needles)
  if (inCustomer) return { cell: 'customer', parts: partsOf(shownCustomer, inCustomer) }

  const notes: [string, string | undefined, FoldedWithOrigin[]?][] = [['e-mail', order.billing_address?.email]]
  for (const address of [order.billing_address, order.shipping_address]) {
    const name = address && `${address.first_name ?? ''} ${address.last_name ?? ''}`.trim()
    if (name) notes.push(['name', name, nameForms(name)])
  }
  if (order.billing_user_name) notes.push(['name', order.billing_user_name, nameForms(order.billing_user_name)])
  notes.push(['transaction', order.transaction_id], ['tracking', order.trackno])
  for (const item of order.line_items ?? []) notes.push(['SKU', item.sku], ['product', item.order_item_name])
  for (const [label, value, forms] of notes) {
    const marked = value ? markedIn(forms ?? plain(value), needles) : null
    if (marked) return { cell: 'note', label, parts: partsOf(value!, marked) }
  }
  for (const phone of [order.billing_address?.phone, order.shipping_address?.phone]) {
    const marked = phone ? markedIn([digitsWithOrigin(phone)], needles) : null
    if (marked) return { cell: 'note', label: 'phone', parts: partsOf(phone!, marked) }
  }
  return null
}

/** A phone's digits, each mapped back to where it stands in the phone as written. */
function digitsWithOrigin(phone: string): FoldedWithOrigin {
  const out: FoldedWithOrigin = { text: '', start: [], end: [] }
  for (let i = 0; i < phone.length; i++) {
    if (phone[i]! < '0' || phone[i]! > '9') continue
    out.text += phone[i]
    out.start.push(i)
    out.end.push(i + 1)
  }
  return out
}
