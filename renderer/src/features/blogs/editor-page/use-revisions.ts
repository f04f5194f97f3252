// The blog post screen's local revision history: the store's copy ("As on the store") kept
// before the first local change, a revision every two minutes of editing, before each publish
// and before a restore or "keep theirs", the last 100 per post; restoring one.
import { onBeforeUnmount, onMounted, ref, watch } from 'vue'
import { rowByRef, useLiveQuery, useStoreDatabase, type BlogRevision, type CachedBlog } from '@/data'
import { emptyDraft, type DraftFields } from '../blog-draft'
import { keepStoreOriginal, restoringWhat } from '../revision-history'
import type { BlogDraft } from './use-blog-draft'

const REVISION_INTERVAL_MS = 2 * 60 * 1000
const REVISIONS_KEPT = 100

export function useRevisions(draft: BlogDraft, options: { restored: () => void }) {
  const database = useStoreDatabase()
  const { key, fields, loaded, snapshot } = draft
  const historyOpen = ref(false)
  /** Whether the store's copy was kept as a revision since this post was opened (see keepOriginal). */
  let originalKept = false
  let revisionTimer: ReturnType<typeof globalThis.setInterval> | undefined

  const revisions = useLiveQuery(
    (db) => (key.value ? db.blogRevisions.where('key').equals(key.value).reverse().sortBy('createdAt') : []),
    [key],
    [] as BlogRevision[],
  )

  /**
   * Keeps the store's copy as the first revision, before the first local change is saved or
   * snapshotted: otherwise the version the writer started from is lost once a publish replaces it.
   */
  async function keepOriginal(): Promise<void> {
    const db = database.value
    if (originalKept || !db || !key.value) return
    originalKept = true
    const cached = await rowByRef<CachedBlog>(db, 'blogs', key.value)
    if (cached) await keepStoreOriginal(db, cached)
  }

  async function addRevision(reason: BlogRevision['reason'], fieldsToKeep: DraftFields = snapshot(), restoring?: string) {
    const db = database.value
    if (!db || !key.value) return
    await keepOriginal()
    const { collectionKeys: _collections, ...kept } = fieldsToKeep
    await db.blogRevisions.add({ key: key.value, createdAt: Date.now(), reason, fields: kept, ...(restoring ? { restoring } : {}) })
    draft.baseline.keptAsRevision(fieldsToKeep)
    const all = await db.blogRevisions.where('key').equals(key.value).sortBy('createdAt')
    const excess = all.slice(0, Math.max(0, all.length - REVISIONS_KEPT)).map((revision) => revision.id!)
    if (excess.length > 0) await db.blogRevisions.bulkDelete(excess)
  }

  function snapshotOnTimer() {
    if (loaded.value && draft.baseline.worthRevision(snapshot())) void addRevision('timer')
  }

  async function restoreRevision(revision: BlogRevision) {
    await addRevision('restore', snapshot(), restoringWhat(revision))
    Object.assign(fields, emptyDraft(), { collectionKeys: fields.collectionKeys }, revision.fields)
    historyOpen.value = false
    options.restored()
    await draft.saveDraft()
  }

  draft.onLoad(() => { originalKept = false })

  watch(fields, () => {
    if (loaded.value && !originalKept && draft.changed()) void keepOriginal()
  }, { deep: true })

  onMounted(() => {
    revisionTimer = globalThis.setInterval(snapshotOnTimer, REVISION_INTERVAL_MS)
  })

  onBeforeUnmount(() => {
    globalThis.clearInterval(revisionTimer)
  })

  return { revisions, historyOpen, addRevision, restoreRevision }
}
