// The demo store's image files: every picture its data names (the library's covers and figures
// in four sizes, each product's shot in two, the signature and the video poster), painted on
// the machine (paint.ts) and encoded as real JPEG or PNG the first time each is asked for, then
// kept in memory. Only names and sizes the data uses are served, so a request cannot make the
// store paint a picture of any size it likes.
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { IMAGE_LIBRARY, PRODUCTS } from '../data/catalog'
import { libraryScene, paint, paintSignature, productScene, type Scene } from './paint'

export interface ImageFile {
  type: 'image/jpeg' | 'image/png'
  bytes: Uint8Array
}

interface Recipe {
  width: number
  height: number
  draw: () => ImageFile
}

const JPEG_QUALITY = 82

function jpegOf(scene: Scene, width: number, height: number): ImageFile {
  const encoded = jpeg.encode({ data: paint(scene, width, height), width, height }, JPEG_QUALITY)
  return { type: 'image/jpeg', bytes: new Uint8Array(encoded.data) }
}

function pngOf(pixels: Uint8Array, width: number, height: number): ImageFile {
  const png = new PNG({ width, height })
  png.data.set(pixels)
  return { type: 'image/png', bytes: new Uint8Array(PNG.sync.write(png)) }
}

/** Library sizes as catalog.ts's imageUrls names them: `name.jpg`, `name-WxH.jpg`. */
const LIBRARY_SIZES: [suffix: string, width: number, height: number][] = [['', 1800, 1200], ['-150x150', 150, 150], ['-600x400', 600, 400], ['-1200x800', 1200, 800]]
const PRODUCT_SIZES: [suffix: string, width: number, height: number][] = [['', 800, 800], ['-150x150', 150, 150]]

function recipes(): Map<string, Recipe> {
  const all = new Map<string, Recipe>()
  const add = (path: string, width: number, height: number, draw: () => ImageFile) => all.set(path, { width, height, draw })
  for (const { name } of [...IMAGE_LIBRARY, { name: 'packing' }]) {
    for (const [suffix, width, height] of LIBRARY_SIZES) add(`/library/${name}${suffix}.jpg`, width, height, () => jpegOf(libraryScene(name), width, height))
  }
  add('/library/signature.png', 480, 160, () => pngOf(paintSignature(480, 160), 480, 160))
  for (const { slug } of PRODUCTS) {
    for (const [suffix, width, height] of PRODUCT_SIZES) add(`/products/${slug}${suffix}.jpg`, width, height, () => jpegOf(productScene(slug), width, height))
  }
  return all
}

/** The image files of one store: painted on first use, then answered from memory. */
export class ImageFiles {
  private readonly known = recipes()
  private readonly made = new Map<string, ImageFile>()

  /** `path` below the image host, e.g. `/library/herb-garden-600x400.jpg`; undefined when the store has no such file. */
  get(path: string): ImageFile | undefined {
    const recipe = this.known.get(path)
    if (!recipe) return undefined
    let file = this.made.get(path)
    if (!file) {
      file = recipe.draw()
      this.made.set(path, file)
    }
    return file
  }

  /** Every path the store serves, with its size in pixels. */
  list(): { path: string; width: number; height: number }[] {
    return [...this.known].map(([path, { width, height }]) => ({ path, width, height }))
  }
}
