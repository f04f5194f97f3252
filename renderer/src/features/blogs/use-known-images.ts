// The pictures the image dialog offers (known-images.ts): the posts' covers and pictures as the
// cache has them now, and product shots read once per store from the newest cached orders and
// the abandoned checkouts. Orders are read once, not watched: a first sync writes thousands, and
// a product's picture does not change with them.
import { computed, shallowRef, watch, type Ref } from 'vue'
import { useStoreDatabase, type CachedBlog, type StoreDatabase } from '@/data'
import { knownImages, type ImageLike } from './known-images'

/** Enough orders to meet every product a store sells often; the rest add little but reading time. */
const ORDERS_READ = 400

async function productImages(db: StoreDatabase): Promise<ImageLike[]> {
  const orders = await db.orders.orderBy('post_date').reverse().limit(ORDERS_READ).toArray()
  const checkouts = await db.checkouts.toArray()
  const fromCheckouts = checkouts.flatMap((checkout) => ((checkout as { lineitems?: { feature_image?: ImageLike }[] }).lineitems ?? []).map((line) => line.feature_image))
  return [...orders.map((order) => order.feature_image as ImageLike | undefined), ...fromCheckouts].filter((image): image is ImageLike => !!image)
}

export function useKnownImages(posts: Readonly<Ref<CachedBlog[]>>) {
  const database = useStoreDatabase()
  const products = shallowRef<ImageLike[]>([])
  watch(database, async (db) => {
    products.value = []
    if (db) products.value = await productImages(db).catch(() => [])
  }, { immediate: true })
  return computed(() => knownImages(posts.value, products.value))
}
