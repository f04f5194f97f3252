// The pseudo-locale ("en-XA"), derived from English and never written by hand: every letter
// accented and every message about 35% longer, in brackets, so a screen that cuts a longer
// language's words, or shows words that never went through the catalog, is seen at once. The
// ICU structure (arguments, plurals) is kept: only the literal text changes.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js'

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}

/** How much longer a pseudo message is than its English. */
export const PSEUDO_GROWTH = 0.35

export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)
}

function literalLength(elements: MessageFormatElement[]): number {
  let n = 0
  for (const el of elements) {
    if (el.type === TYPE.literal) n += el.value.length
    else if (el.type === TYPE.plural || el.type === TYPE.select) n += Math.max(0, ...Object.values(el.options).map((o) => literalLength(o.value)))
    else n += 4
  }
  return n
}

function accentAll(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: accent(el.value) }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: accentAll(o.value) }]))
      return { ...el, options } as MessageFormatElement
    }
    return el
  })
}

/** One English message in pseudo: "Orders" → "[Óŕđéŕš ·]" (about 35% longer). */
export function pseudoMessage(message: string): string {
  if (message === '') return ''
  const ast = parse(message, { ignoreTag: true })
  const pad = Math.max(1, Math.ceil(literalLength(ast) * PSEUDO_GROWTH) - 2)
  const body = printAST(accentAll(ast))
  return `[${body} ${'·'.repeat(pad)}]`
}

/** A whole catalog in pseudo, the same shape. */
export function pseudoCatalog<T extends object>(catalog: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(catalog)) out[key] = typeof value === 'string' ? pseudoMessage(value) : pseudoCatalog(value as object)
  return out as T
}
