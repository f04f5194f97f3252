// Paints the demo store's pictures on the machine, with no network and no files: a still life
// (a wall in soft light, a tabletop, a few objects with shadows) for each library image and a
// product shot (one object on a plain backdrop) for each product. Shapes are signed distances
// with a one-pixel soft edge, so every size is drawn sharp rather than scaled. Deterministic:
// the same name gives the same picture.
import { Prng } from '../data/prng'

export type Rgb = readonly [number, number, number]

type Shape =
  | { kind: 'box'; x: number; y: number; w: number; h: number; radius: number }
  | { kind: 'ellipse'; x: number; y: number; rx: number; ry: number }

interface Item {
  shape: Shape
  color: Rgb
  /** Lighter towards the light's side, by this much (0..1). */
  sheen: number
}

export interface Scene {
  /** Scene units: the picture is `width` by 1, cropped to fill other proportions. */
  width: number
  wallTop: Rgb
  wallBottom: Rgb
  /** Where the wall meets the table (0 top .. 1 bottom); 1 for no table. */
  horizon: number
  table: Rgb
  /** A patch of window light on the wall: centre and radius in scene units. */
  light: { x: number; y: number; r: number }
  items: Item[]
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
const shade = (c: Rgb, amount: number): Rgb => (amount >= 0 ? mix(c, [255, 255, 255], amount) : mix(c, [0, 0, 0], -amount))
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

const len = (x: number, y: number) => Math.sqrt(x * x + y * y)

function distance(shape: Shape, x: number, y: number): number {
  if (shape.kind === 'ellipse') {
    // An approximation that is exact on the axes and good enough for soft edges.
    const k = len((x - shape.x) / shape.rx, (y - shape.y) / shape.ry)
    return (k - 1) * Math.min(shape.rx, shape.ry)
  }
  const qx = Math.abs(x - shape.x) - shape.w / 2 + shape.radius
  const qy = Math.abs(y - shape.y) - shape.h / 2 + shape.radius
  return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - shape.radius
}

function bottomOf(shape: Shape): { x: number; y: number; half: number } {
  return shape.kind === 'ellipse' ? { x: shape.x, y: shape.y + shape.ry, half: shape.rx } : { x: shape.x, y: shape.y + shape.h / 2, half: shape.w / 2 }
}

function boundsOf(shape: Shape): { left: number; right: number; top: number; bottom: number } {
  const [halfW, halfH] = shape.kind === 'ellipse' ? [shape.rx, shape.ry] : [shape.w / 2, shape.h / 2]
  return { left: shape.x - halfW, right: shape.x + halfW, top: shape.y - halfH, bottom: shape.y + halfH }
}

/** RGBA pixels of the scene at `width` x `height`, cropped to fill (as CSS object-fit: cover). */
export function paint(scene: Scene, width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4)
  const scale = Math.max(width / scene.width, height)
  const offsetX = (width - scene.width * scale) / 2
  const offsetY = (height - scale) / 2
  const edge = 1.2 / scale
  // Each object's reach (its shape, and its shadow on the table), so most pixels skip it.
  const items = scene.items.map((item) => {
    const foot = bottomOf(item.shape)
    const box = boundsOf(item.shape)
    const shadowHalf = foot.half * 1.15
    return {
      item, foot, shadowHalf,
      left: Math.min(box.left, foot.x + 0.02 - shadowHalf) - edge,
      right: Math.max(box.right, foot.x + 0.02 + shadowHalf) + edge,
      top: box.top - edge,
      bottom: Math.max(box.bottom, foot.y + 0.025) + edge,
    }
  })
  const [wt0, wt1, wt2] = scene.wallTop
  const [wb0, wb1, wb2] = scene.wallBottom
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5 - offsetY) / scale
    const rowItems = items.filter((reach) => y >= reach.top && y <= reach.bottom)
    const wallT = clamp01(y / scene.horizon)
    const tableDark = 0.25 * clamp01((y - scene.horizon) / (1 - scene.horizon + 1e-6))
    // The table's front edge catches the light.
    const lip = 0.18 * clamp01(1 - (y - scene.horizon) / 0.012)
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5 - offsetX) / scale
      let r: number
      let g: number
      let b: number
      if (y < scene.horizon) {
        const glow = 1 - clamp01(len(x - scene.light.x, y - scene.light.y) / scene.light.r)
        const lift = glow * glow * 0.35
        r = wt0 + (wb0 - wt0) * wallT
        g = wt1 + (wb1 - wt1) * wallT
        b = wt2 + (wb2 - wt2) * wallT
        r += (255 - r) * lift
        g += (255 - g) * lift
        b += (255 - b) * lift
      } else {
        r = scene.table[0] * (1 - tableDark)
        g = scene.table[1] * (1 - tableDark)
        b = scene.table[2] * (1 - tableDark)
        r += (255 - r) * lip
        g += (255 - g) * lip
        b += (255 - b) * lip
      }
      for (const reach of rowItems) {
        if (x < reach.left || x > reach.right) continue
        const { item, foot } = reach
        // A soft contact shadow under each object on the table.
        const shadow = clamp01(1 - len((x - foot.x - 0.02) / reach.shadowHalf, (y - foot.y) / 0.025))
        if (shadow > 0) {
          const dim = 1 - 0.35 * shadow * shadow
          r *= dim
          g *= dim
          b *= dim
        }
        const d = distance(item.shape, x, y)
        if (d < edge) {
          const cover = clamp01(0.5 - d / edge)
          // Lighter on the side facing the window, a little darker towards the table.
          const facing = 1 - clamp01(Math.abs(x - scene.light.x) / 1.2)
          const [cr, cg, cb] = shade(item.color, item.sheen * (facing - 0.5) - 0.12 * clamp01((y - foot.y + 0.25) / 0.25))
          r += (cr - r) * cover
          g += (cg - g) * cover
          b += (cb - b) * cover
        }
      }
      const i = (py * width + px) * 4
      pixels[i] = r
      pixels[i + 1] = g
      pixels[i + 2] = b
      pixels[i + 3] = 255
    }
  }
  return pixels
}

/** A palette by mood: wall top and bottom, table, and the objects' colours. */
interface Palette {
  wall: [Rgb, Rgb]
  table: Rgb
  objects: Rgb[]
}

const PALETTES: Record<string, Palette> = {
  linen: { wall: [[238, 232, 222], [214, 204, 189]], table: [176, 150, 120], objects: [[246, 243, 236], [196, 176, 150], [142, 156, 136]] },
  coffee: { wall: [[226, 214, 198], [190, 168, 146]], table: [110, 78, 56], objects: [[240, 236, 228], [72, 52, 40], [186, 140, 96]] },
  garden: { wall: [[214, 228, 206], [170, 196, 160]], table: [150, 110, 80], objects: [[88, 132, 84], [196, 120, 84], [224, 214, 186]] },
  autumn: { wall: [[236, 214, 186], [206, 168, 128]], table: [132, 86, 56], objects: [[204, 112, 52], [170, 60, 40], [226, 176, 86]] },
  candle: { wall: [[92, 70, 56], [54, 40, 34]], table: [70, 50, 40], objects: [[246, 226, 186], [212, 170, 96], [150, 96, 60]] },
  nook: { wall: [[200, 220, 222], [140, 176, 182]], table: [120, 100, 84], objects: [[60, 110, 120], [230, 222, 204], [190, 120, 80]] },
  clay: { wall: [[236, 222, 210], [212, 186, 168]], table: [170, 120, 96], objects: [[196, 116, 86], [236, 230, 220], [120, 96, 84]] },
  winter: { wall: [[220, 228, 236], [184, 196, 210]], table: [140, 140, 150], objects: [[92, 110, 140], [236, 236, 240], [170, 180, 196]] },
  spring: { wall: [[244, 226, 230], [226, 196, 204]], table: [196, 176, 160], objects: [[220, 120, 150], [250, 230, 140], [130, 170, 110]] },
  dinner: { wall: [[120, 60, 60], [80, 36, 40]], table: [90, 60, 48], objects: [[240, 236, 226], [196, 160, 90], [150, 40, 50]] },
  workshop: { wall: [[206, 206, 200], [168, 168, 160]], table: [120, 96, 72], objects: [[70, 76, 84], [184, 120, 60], [210, 200, 170]] },
  market: { wall: [[250, 232, 170], [226, 196, 120]], table: [150, 110, 70], objects: [[220, 80, 60], [110, 160, 80], [240, 180, 60]] },
  window: { wall: [[250, 246, 236], [226, 218, 200]], table: [200, 180, 150], objects: [[150, 180, 200], [236, 230, 216], [120, 150, 110]] },
}

const MOOD_OF: Record<string, string> = {
  'linen-bedroom': 'linen', 'morning-coffee': 'coffee', 'herb-garden': 'garden', 'autumn-table': 'autumn', 'candle-glow': 'candle',
  'reading-nook': 'nook', 'kitchen-shelf': 'linen', 'woven-baskets': 'autumn', 'winter-blanket': 'winter', 'spring-flowers': 'spring',
  'ceramics-studio': 'clay', 'dinner-party': 'dinner', 'balcony-plants': 'garden', 'workshop-tools': 'workshop', 'market-stall': 'market',
  'sunlit-window': 'window', packing: 'clay',
}

function seedOf(name: string): number {
  let hash = 2166136261
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619)
  return hash >>> 0
}

/** One object standing on the table at `x`: a vase, a bowl, a box or a jar. */
function object(rng: Prng, x: number, floor: number, color: Rgb): Item[] {
  const form = rng.int(0, 3)
  const size = 0.12 + rng.next() * 0.14
  if (form === 0) {
    // A vase: a body and a neck.
    return [
      { shape: { kind: 'ellipse', x, y: floor - size * 0.7, rx: size * 0.55, ry: size * 0.7 }, color, sheen: 0.3 },
      { shape: { kind: 'box', x, y: floor - size * 1.5, w: size * 0.3, h: size * 0.4, radius: size * 0.05 }, color, sheen: 0.3 },
    ]
  }
  if (form === 1) return [{ shape: { kind: 'ellipse', x, y: floor - size * 0.28, rx: size * 0.9, ry: size * 0.28 }, color, sheen: 0.25 }]
  if (form === 2) return [{ shape: { kind: 'box', x, y: floor - size * 0.45, w: size * 1.3, h: size * 0.9, radius: size * 0.08 }, color, sheen: 0.2 }]
  return [{ shape: { kind: 'box', x, y: floor - size * 0.8, w: size * 0.75, h: size * 1.6, radius: size * 0.25 }, color, sheen: 0.35 }]
}

/** The still life of a library image, 3:2. */
export function libraryScene(name: string): Scene {
  const palette = PALETTES[MOOD_OF[name] ?? 'linen']!
  const rng = new Prng(seedOf(name))
  const horizon = 0.6 + rng.next() * 0.12
  const items: Item[] = []
  const count = rng.int(2, 4)
  for (let i = 0; i < count; i++) {
    const x = 0.3 + (i + rng.next() * 0.6) * (0.95 / count)
    const floor = horizon + 0.05 + rng.next() * 0.12
    items.push(...object(rng, x, floor, palette.objects[i % palette.objects.length]!))
  }
  // Nearer objects (lower on the table) are drawn last.
  items.sort((a, b) => bottomOf(a.shape).y - bottomOf(b.shape).y)
  return {
    width: 1.5,
    wallTop: palette.wall[0],
    wallBottom: palette.wall[1],
    horizon,
    table: palette.table,
    light: { x: 0.2 + rng.next() * 1.1, y: 0.15 + rng.next() * 0.25, r: 0.5 + rng.next() * 0.3 },
    items,
  }
}

/** A product shot, square: the product alone on a plain backdrop, a little above centre. */
export function productScene(slug: string): Scene {
  const rng = new Prng(seedOf(slug))
  const moods = Object.keys(PALETTES).filter((mood) => mood !== 'candle' && mood !== 'dinner')
  const palette = PALETTES[moods[rng.int(0, moods.length - 1)]!]!
  const color = palette.objects[rng.int(0, palette.objects.length - 1)]!
  const backdrop = shade(palette.wall[0], 0.3)
  return {
    width: 1,
    wallTop: backdrop,
    wallBottom: shade(palette.wall[1], 0.2),
    horizon: 0.74,
    table: shade(palette.wall[1], 0.1),
    light: { x: 0.3, y: 0.2, r: 0.9 },
    items: object(rng, 0.5, 0.82, color).map((item, _, all) => ({ ...item, shape: enlarge(item.shape, 0.5, 0.82, fitFactor(all)) })),
  }
}

/** How much to enlarge an object so it fills the frame: 60% of its height, 80% of its width at most. */
function fitFactor(items: Item[]): number {
  const boxes = items.map((item) => boundsOf(item.shape))
  const height = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top))
  const width = Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left))
  return Math.min(0.6 / height, 0.8 / width)
}

function enlarge(shape: Shape, cx: number, floor: number, factor: number): Shape {
  if (shape.kind === 'ellipse') return { ...shape, x: cx + (shape.x - cx) * factor, y: floor - (floor - shape.y) * factor, rx: shape.rx * factor, ry: shape.ry * factor }
  return { ...shape, x: cx + (shape.x - cx) * factor, y: floor - (floor - shape.y) * factor, w: shape.w * factor, h: shape.h * factor, radius: shape.radius * factor }
}

/** A handwritten-looking signature: a few loops of ink on a transparent ground (RGBA). */
export function paintSignature(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4)
  const ink: Rgb = [40, 44, 64]
  const stroke = Math.max(1.5, height / 40)
  // The pen's path: a slanted wave with loops, sampled densely.
  const points: [number, number][] = []
  for (let t = 0; t <= 1; t += 1 / 900) {
    const x = width * (0.08 + 0.84 * t) + Math.cos(t * 38) * height * 0.08
    const y = height * (0.55 - 0.1 * t) + Math.sin(t * 38) * height * 0.22 * (1 - Math.abs(t - 0.45))
    points.push([x, y])
  }
  for (const [x, y] of points) {
    for (let py = Math.max(0, Math.floor(y - stroke - 1)); py <= Math.min(height - 1, Math.ceil(y + stroke + 1)); py++) {
      for (let px = Math.max(0, Math.floor(x - stroke - 1)); px <= Math.min(width - 1, Math.ceil(x + stroke + 1)); px++) {
        const alpha = clamp01(stroke - len(px + 0.5 - x, py + 0.5 - y) + 0.5)
        const i = (py * width + px) * 4
        if (alpha * 255 > pixels[i + 3]!) {
          pixels[i] = ink[0]
          pixels[i + 1] = ink[1]
          pixels[i + 2] = ink[2]
          pixels[i + 3] = Math.round(alpha * 255)
        }
      }
    }
  }
  return pixels
}
