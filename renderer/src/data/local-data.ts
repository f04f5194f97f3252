// What exists only on this computer for a store: unsent writes, the editor's drafts and its
// revisions. Counts them in words a writer reads ("2 unsent changes, 1 draft, 14 revisions"),
// and decides what happens to a store's database once it is disconnected: deleted only when
// nothing local is in it or the user chose to delete it, otherwise kept for the next
// connection to the same shop (kept-stores.ts).
import { ref } from 'vue'
import type { Message, MessageKey } from '@/session/i18n'
import Dexie from 'dexie'
import type { ArchiveInput, ExportOutcome } from './archive'
import { closeStoreDatabase, databaseName, deleteStoreDatabase, StoreDatabase, storeDatabase } from './db'
import { forgetKept, keepDatabase, type KeptStore } from './kept-stores'

/** Goes up whenever a database is kept or deleted here, so lists of kept stores read again. */
export const localDataVersion = ref(0)

export interface LocalDataCounts {
  unsent: number
  drafts: number
  revisions: number
}

export async function countLocalData(db: StoreDatabase): Promise<LocalDataCounts> {
  const [unsent, drafts, revisions] = await Promise.all([db.outbox.count(), db.blogDrafts.count(), db.blogRevisions.count()])
  return { unsent, drafts, revisions }
}

export function hasLocalData(counts: LocalDataCounts): boolean {
  return counts.unsent + counts.drafts + counts.revisions > 0
}

const NOUNS: Record<keyof LocalDataCounts, MessageKey> = {
  unsent: 'data.local.unsent',
  drafts: 'data.local.drafts',
  revisions: 'data.local.revisions',
}

/** "2 unsent changes", "1 draft", "14 revisions" as messages (a screen says them as a list); kinds with none are left out; empty when nothing. */
export function describeLocalData(counts: LocalDataCounts): Message[] {
  return (Object.keys(NOUNS) as (keyof LocalDataCounts)[]).filter((kind) => counts[kind] > 0).map((kind) => ({ key: NOUNS[kind], params: { n: counts[kind] } }))
}

/** Opens a kept database (no connection serves it); close it when done. */
export function openKeptDatabase(databaseId: string): StoreDatabase {
  return new StoreDatabase(databaseId)
}

export async function countKeptData(databaseId: string): Promise<LocalDataCounts> {
  const db = openKeptDatabase(databaseId)
  try {
    return await countLocalData(db)
  } finally {
    db.close()
  }
}

/** Deletes a kept database for good (the user typed the store's name). */
export async function deleteKeptData(databaseId: string): Promise<void> {
  await Dexie.delete(databaseName(databaseId))
  forgetKept(databaseId)
  localDataVersion.value++
}

/**
 * Exports a store's drafts, revisions and unsent changes (archive.ts): to a folder the user
 * picks in Electron, a .zip download in the browser shell. archive.ts is loaded only now: it
 * brings a zip library the app's start does not need.
 */
export async function exportLocalData(db: StoreDatabase, store: ArchiveInput['store'], words: ArchiveInput['words']): Promise<ExportOutcome> {
  const { exportArchive } = await import('./archive')
  return exportArchive(db, store, words)
}

/** What to tell the user once an export is done; null when they cancelled it. */
export function describeExport(outcome: ExportOutcome): Message | null {
  if (outcome.kind === 'folder') return { key: 'data.local.exportedFolder', params: { n: outcome.files, folder: outcome.folder } }
  if (outcome.kind === 'download') return { key: 'data.local.exportedDownload', params: { file: outcome.fileName } }
  return null
}

/** Exports the work of a kept database. */
export async function exportKeptData(kept: KeptStore, words: ArchiveInput['words']): Promise<ExportOutcome> {
  const db = openKeptDatabase(kept.databaseId)
  try {
    return await exportLocalData(db, { label: kept.label, shop: kept.shop }, words)
  } finally {
    db.close()
  }
}

/**
 * After a connection is gone: its database is deleted when the user chose so, or when it holds
 * nothing that exists only here (the cache can be read from the store again); otherwise it is
 * kept, closed, for the next connection to the same shop. Keeping is the default, whoever
 * disconnected the store: nothing local is lost without the user asking.
 */
export async function settleDisconnected(
  connection: Omit<KeptStore, 'databaseId' | 'keptAt'> & { id: string },
  choice: 'keep' | 'delete',
): Promise<KeptStore | null> {
  if (choice === 'delete' || !hasLocalData(await countLocalData(storeDatabase(connection.id)))) {
    await deleteStoreDatabase(connection.id)
    localDataVersion.value++
    return null
  }
  const kept = keepDatabase(connection.id, { shop: connection.shop, label: connection.label, isDemo: connection.isDemo, keptAt: Date.now() })
  closeStoreDatabase(connection.id)
  localDataVersion.value++
  return kept
}
