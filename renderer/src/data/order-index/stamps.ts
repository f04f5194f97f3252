// Store times (`YYYY-MM-DD hh:mm:ss`) as numbers that sort as the strings do: the in-memory
// indexes (the order list's, data/order-index/order-index.ts, and the customers', data/customers/)
// keep one per slot in a Float64Array instead of 100,000 strings.
const DIGIT_0 = 48

/** `YYYY-MM-DD hh:mm:ss` as the number YYYYMMDDhhmmss (same order as the strings), or NaN. */
export function stampNumber(s: string): number {
  if (s.length !== 19) return NaN
  let n = 0
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i)
    if (i === 4 || i === 7) {
      if (c !== 45) return NaN // '-'
    } else if (i === 10) {
      if (c !== 32) return NaN // ' '
    } else if (i === 13 || i === 16) {
      if (c !== 58) return NaN // ':'
    } else {
      const digit = c - DIGIT_0
      if (digit < 0 || digit > 9) return NaN
      n = n * 10 + digit
    }
  }
  return n
}

/** The stamp number back as `YYYY-MM-DD hh:mm:ss`. */
export function stampString(n: number): string {
  const d = String(n).padStart(14, '0')
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}`
}
