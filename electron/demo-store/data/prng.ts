// Deterministic randomness for the demo store's generator: same seed, same store.
// mulberry32 is small, fast and good enough for shuffling demo data; Math.random is
// never used so a seed fully determines the generated JSON.
const HEX_DIGITS = '0123456789abcdef'
const DECIMAL_DIGITS = '0123456789'

export class Prng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [value, weight] of choices) {
      roll -= weight
      if (roll < 0) return value
    }
    const last = choices[choices.length - 1]
    if (!last) throw new Error('weighted pick from an empty list')
    return last[0]
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
    }
    return copy.slice(0, count)
  }

  hex(length: number): string {
    return this.chars(HEX_DIGITS, length)
  }

  digits(length: number): string {
    return this.chars(DECIMAL_DIGITS, length)
  }

  /** One flat string: appending a character at a time makes a chain that costs again when serialised. */
  private chars(alphabet: string, length: number): string {
    const codes = new Array<number>(length > 0 ? Math.ceil(length) : 0)
    for (let i = 0; i < codes.length; i++) codes[i] = alphabet.charCodeAt(Math.floor(this.next() * alphabet.length))
    return String.fromCharCode(...codes)
  }
}
