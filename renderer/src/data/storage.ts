// The browser storage the cache lives in: asking for persistent storage (so the browser does
// not evict unsent changes under pressure), reading usage, a clear message when the disk
// quota is exhausted, and "Clear cache" for one store.
import { ref, type Ref } from 'vue'
import Dexie from 'dexie'
import { MessageError } from '@/session/i18n'
import { deleteStoreDatabase, storeDatabase } from './db'

export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { name?: string; inner?: unknown }
  return e.name === 'QuotaExceededError' || e.name === Dexie.errnames.QuotaExceeded || (e.inner !== undefined && isQuotaError(e.inner))
}

/** Rethrows a quota failure as an error a person can act on, in the words of the screen that shows it. */
export function explainQuota(error: unknown): unknown {
  return isQuotaError(error) ? new MessageError({ key: 'problems.quota' }) : error
}

/** Asks once that the browser never evicts this app's storage; resolves whether it is persistent. */
export async function requestPersistence(): Promise<boolean> {
  if (!navigator.storage?.persist) return false
  if (await navigator.storage.persisted()) return true
  return navigator.storage.persist()
}

export interface StorageInfo {
  usage: number | null
  quota: number | null
  persisted: boolean | null
}

/** Usage, quota and persistence, refreshed by `refresh()`. */
export function useStorageInfo(): { info: Ref<StorageInfo>; refresh: () => Promise<void>; persist: () => Promise<void> } {
  const info = ref<StorageInfo>({ usage: null, quota: null, persisted: null })
  async function refresh() {
    const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : {}
    const persisted = navigator.storage?.persisted ? await navigator.storage.persisted() : null
    info.value = { usage: estimate.usage ?? null, quota: estimate.quota ?? null, persisted }
  }
  async function persist() {
    await requestPersistence()
    await refresh()
  }
  void refresh()
  return { info, refresh, persist }
}

/**
 * Empties one store's cache so the next sync reads everything again. Unsent changes (the
 * outbox, its conflicts, the rows they changed) and the editor's drafts and revisions stay,
 * unless `dropUnsent` (the user confirmed losing them): then the whole database goes.
 */
export async function clearCache(connectionId: string, options: { dropUnsent?: boolean } = {}): Promise<void> {
  if (options.dropUnsent) {
    await deleteStoreDatabase(connectionId)
    return
  }
  const db = storeDatabase(connectionId)
  await db.transaction('rw', [db.orders, db.checkouts, db.counters, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.syncState], async () => {
    await db.checkouts.clear()
    await db.counters.clear()
    await db.syncState.clear()
    await db.orders.filter((r) => !r.pending).delete()
    await db.blogs.filter((r) => !r.pending).delete()
    await db.collections.filter((r) => !r.pending).delete()
    await db.metaFieldDefinitions.filter((r) => !r.pending).delete()
    await db.metaFieldValues.filter((r) => !r.pending).delete()
  })
}
