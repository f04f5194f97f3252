// Code 128 bars for the packing slip's order number, drawn by bwip-js into plain numbers (bar
// positions and widths in modules) that a Vue template turns into SVG rects: vector, so the
// bars print crisply at any size, with no canvas, no v-html and nothing fetched.
//
// What is encoded is the order number exactly as the store writes it (`order.number`, no "#"),
// which is what scanner mode and bulk tracking look an order up by (bulk-tracking.ts drops a
// leading "#" the same way): a scan types those characters followed by Enter.
import { code128, type DrawingContext } from 'bwip-js/browser'

export interface Bars {
  /** Width of the whole symbol (quiet zones included), in modules. */
  width: number
  /** Bars as [x, width] in modules, left edge first. */
  bars: [number, number][]
}

/** Modules of white on each side: a scanner needs 10 to find the symbol's edge. */
export const QUIET_ZONE = 10

/** What encoding `orderNumber` means: the characters a scan of the slip types. */
export function barcodeText(orderNumber: string): string {
  return orderNumber.trim().replace(/^#/, '')
}

/** Collects bwip-js's drawing calls: a linear symbol is only vertical lines. */
function barCollector(): DrawingContext<Bars> {
  let width = 0
  const bars: [number, number][] = []
  const notABar = () => {
    throw new Error('A Code 128 symbol is drawn with bars only.')
  }
  return {
    scale: () => [1, 1],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (w) => void (width = w),
    line: (x0, _y0, x1, _y1, lw) => {
      if (x0 !== x1) notABar()
      // bwip-js gives a bar's centre in whole modules, rounded up for an odd width.
      bars.push([x0 - Math.ceil(lw / 2), lw])
    },
    polygon: notABar,
    hexagon: notABar,
    ellipse: notABar,
    fill: () => undefined,
    text: notABar,
    end: () => ({ width: width + 2 * QUIET_ZONE, bars: bars.sort((a, b) => a[0] - b[0]).map(([x, w]) => [x + QUIET_ZONE, w]) }),
  }
}

/** The bars of `text` in Code 128 (bwip-js picks code set B or C, whichever is shorter). */
export function code128Bars(text: string): Bars {
  if (!text) throw new Error('There is no order number to encode.')
  return code128({ bcid: 'code128', text, scale: 1, height: 1, includetext: false }, barCollector())
}
