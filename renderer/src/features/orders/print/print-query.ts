// What `/orders/print?kind=pick|slips&ids=1,2,3&paper=a4|letter|4x6` asks for, read strictly:
// a link with a bad kind or IDs says so in words instead of printing something else. Also the
// paper sizes' page CSS (the @page rule both the preview and the printer follow), and the
// print view's choices this computer remembers (device settings, session/settings.ts).
import { z } from 'zod'
import { PAPER_SIZES, type PaperSize } from '@common/ipc-contract'
import type { Message, MessageKey } from '@/session/i18n'
import { deviceSetting } from '@/session/settings'

/** The paper used when a link names none. */
export const PRINT_PAPER = deviceSetting('printPaper', z.enum(PAPER_SIZES), (): PaperSize => 'a4', () => [{ key: 'storedesk.print.paper' }])
/** Packing slips show prices. */
export const PRINT_PRICES = deviceSetting('printPrices', z.boolean(), () => false, () => [{ key: 'storedesk.print.prices' }])
/** The pick list ends with the orders' internal notes. */
export const PRINT_NOTES = deviceSetting('printNotes', z.boolean(), () => false, () => [{ key: 'storedesk.print.notes' }])

export type PrintKind = 'pick' | 'slips'

export interface PrintQuery {
  kind: PrintKind
  ids: number[]
  /** Null when the link names no paper (the remembered choice applies). */
  paper: PaperSize | null
}

/** More orders than a print run needs: a warehouse day, not the whole store. */
export const MAX_PRINT_ORDERS = 500

const first = (value: unknown): string => (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '')

export function isPaperSize(value: unknown): value is PaperSize {
  return typeof value === 'string' && (PAPER_SIZES as readonly string[]).includes(value)
}

export function parsePrintQuery(query: Record<string, unknown>): { ok: true; value: PrintQuery } | { ok: false; message: Message } {
  const kind = first(query.kind)
  if (kind !== 'pick' && kind !== 'slips') return { ok: false, message: { key: 'print.query.kind' } }
  const raw = first(query.ids).split(',').map((part) => part.trim()).filter(Boolean)
  if (raw.length === 0) return { ok: false, message: { key: 'print.query.none' } }
  if (raw.some((part) => !/^\d{1,15}$/.test(part))) return { ok: false, message: { key: 'print.query.unreadable' } }
  const ids = [...new Set(raw.map(Number))]
  if (ids.length > MAX_PRINT_ORDERS) return { ok: false, message: { key: 'print.query.tooMany', params: { max: MAX_PRINT_ORDERS, n: ids.length } } }
  const paper = first(query.paper)
  return { ok: true, value: { kind, ids, paper: isPaperSize(paper) ? paper : null } }
}

export const PAPER_LABELS: Record<PaperSize, MessageKey> = { a4: 'print.paper.a4', letter: 'print.paper.letter', '4x6': 'print.paper.label' }

/** Each paper's page box and margin: the sheets are laid out inside it on screen and on paper. */
export const PAPER_CSS: Record<PaperSize, { size: string; width: string; height: string; margin: string }> = {
  a4: { size: 'A4', width: '210mm', height: '297mm', margin: '12mm' },
  letter: { size: 'letter', width: '8.5in', height: '11in', margin: '0.5in' },
  '4x6': { size: '4in 6in', width: '4in', height: '6in', margin: '0.15in' },
}

export function pageRule(paper: PaperSize): string {
  const { size, margin } = PAPER_CSS[paper]
  return `@page { size: ${size}; margin: ${margin}; }`
}
