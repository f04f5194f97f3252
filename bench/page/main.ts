// The bench page (built into a temp folder by bench/run.ts, never shipped): exposes
// `window.storedeskBench`, the measurements that must run inside Chromium against the
// production modules themselves: the data layer's first sync and Dexie database (sync.ts), the
// order desk's cache answer, the order index the list uses (search.ts), the Customers list's
// (customers.ts), the cache's storage layouts (storage.ts) and the blog editor's extension list
// (editor.ts). Each one has its baseline there too, so the figure and its
// baseline run in the same page, one after the other.
import { editorLatency } from './editor'
import { buildLibrary, dropSeeded, loadIndex, queryTimes, seedCache } from './search'
import { fetchAllOrders, fetched, fetchedOrders, useConnection, useOrders } from './store'
import { dropDatabase, firstSync, minimalSync, rawBulkWrite } from './sync'
import { writeLayout } from './storage'
import { customerBench } from './customers'

declare global {
  interface Window {
    storedeskBench: typeof bench
    /** Chromium with --js-flags=--expose-gc (bench/harness.ts). */
    gc?: () => void
  }
  interface Performance {
    /** Chromium only; exact with --enable-precise-memory-info (bench/harness.ts). */
    memory?: { usedJSHeapSize: number }
  }
}

const bench = {
  useConnection, fetchAllOrders, fetchedOrders, useOrders, firstSync, minimalSync, rawBulkWrite, dropDatabase, seedCache, loadIndex, buildLibrary, queryTimes, dropSeeded, editorLatency, writeLayout,
  // Figure 8 (customers.ts), on copies of the same four pages of the store's orders.
  ...customerBench(async () => (await fetchAllOrders(4), fetched.orders)),
}
window.storedeskBench = bench
document.title = 'Storedesk bench ready'
