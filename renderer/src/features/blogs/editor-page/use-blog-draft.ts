// The post being edited on the blog post screen: which post the route names (a new one gets a
// local key), its fields as the writer edits them, and the draft autosaved to this device's
// cache within a second of each change (offline or not), also when the window hides or closes.
// The slug follows the title only for a post the store has never had, and only until the writer
// types in the slug field (slug-rule.ts). draft-baseline.ts tells a real edit from loading or an
// undone edit.
import { computed, onBeforeUnmount, onMounted, reactive, ref, toRaw, watch } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { newLocalKey, refreshBlog, rowByRef, storeIdOfKey, useLiveQuery, useStoreDatabase, type CachedBlog, type StoreDatabase } from '@/data'
import { useReachabilityStore } from '@/session/reachability-store'
import { draftDiffers, draftFromRow, emptyDraft, type DraftFields } from '../blog-draft'
import { draftBaseline } from './draft-baseline'
import { slugAfterChange, slugOnLoad, typeSlug, type SlugState } from './slug-rule'

/** Autosave pause: with the editor's own 300 ms, a change reaches the cache well within a second. */
const AUTOSAVE_DELAY_MS = 500

export type BlogDraft = ReturnType<typeof useBlogDraft>

/** `flushEditor` hands over the body's latest HTML now rather than after the editor's own pause. */
export function useBlogDraft(options: { flushEditor: () => void }) {
  const route = useRoute()
  const router = useRouter()
  const database = useStoreDatabase()
  const reachability = useReachabilityStore()

  const key = ref('')
  const fields = reactive<DraftFields>(emptyDraft())
  const baseUpdatedAt = ref<string | null>(null)
  const loaded = ref(false)
  const savedAt = ref<number | null>(null)
  /** The post's own language for the spell checker (kept with the draft); null: the app's. */
  const language = ref<string | null>(null)
  /** A change not yet written to this device's cache (the status says so until it is). */
  const savePending = ref(false)
  const baseline = draftBaseline()
  const loadListeners: (() => void)[] = []
  let autosaveTimer: ReturnType<typeof globalThis.setTimeout> | undefined
  /** Whether the slug follows the title, and what the writer typed in it (slug-rule.ts). */
  const slug = ref<SlugState>({ followsTitle: true, typed: null })
  /**
   * Bumped whenever the fields or the version the writer started from change: `changed()` reads
   * them through toRaw (one serialisation per question), so this is what makes it reactive.
   */
  const baselineVersion = ref(0)

  const row = useLiveQuery((db) => (key.value ? rowByRef<CachedBlog>(db, 'blogs', key.value) : undefined), [key], undefined)
  const storeId = computed(() => row.value?.storeId ?? storeIdOfKey(key.value))
  const isNew = computed(() => !row.value)

  function snapshot(): DraftFields {
    return { ...toRaw(fields), collectionKeys: [...fields.collectionKeys] }
  }

  /** The writer changed something since the post was loaded or last published. */
  function changed(): boolean {
    void baselineVersion.value
    return baseline.changed(snapshot())
  }

  /** The post now on screen is the version the writer starts from (just published, or the store's). */
  function startFromCurrent() {
    baseline.startFrom(snapshot())
    baselineVersion.value++
  }

  /** Deletes the draft on this device: the next save writes whatever is new. */
  async function deleteDraft() {
    await database.value?.blogDrafts.delete(key.value)
    savedAt.value = null
    baseline.forgetSaved()
  }

  function resolveKey(): string {
    if (route.path === '/blogs/new') return ''
    return decodeURIComponent(String(route.params.id ?? ''))
  }

  async function load(db: StoreDatabase, postKey: string) {
    loaded.value = false
    let draft = await db.blogDrafts.get(postKey)
    const cached = await rowByRef<CachedBlog>(db, 'blogs', postKey)
    // A draft the store's copy now equals (a post scheduled from the calendar) holds nothing more,
    // unless it keeps the post's language, which the store never has.
    if (draft && !draft.language && cached && !cached.pending && !draftDiffers(draft.fields, cached)) {
      await db.blogDrafts.delete(postKey)
      draft = undefined
    }
    const stored = cached ? draftFromRow(cached) : emptyDraft()
    Object.assign(fields, stored, draft ? draft.fields : {})
    fields.collectionKeys = [...(draft?.fields.collectionKeys ?? stored.collectionKeys)]
    baseUpdatedAt.value = draft ? draft.baseUpdatedAt : ((cached?.server?.updated_at as string | undefined) ?? cached?.updated_at ?? null)
    savedAt.value = draft?.savedAt ?? null
    language.value = draft?.language ?? null
    baseline.forgetSaved()
    slug.value = slugOnLoad(fields.seo_slug, fields.title, !!cached)
    baseline.startFrom(stored)
    baselineVersion.value++
    baseline.keptAsRevision(snapshot())
    for (const listener of loadListeners) listener()
    key.value = postKey
    loaded.value = true
    if (cached?.storeId && reachability.online !== false && !draft) {
      refreshBlog(db, cached.storeId).catch(() => undefined)
    }
  }

  async function open() {
    const db = database.value
    if (!db) return
    let postKey = resolveKey()
    if (!postKey) {
      postKey = newLocalKey()
      await router.replace(`/blogs/${encodeURIComponent(postKey)}`)
    }
    if (postKey !== key.value) await load(db, postKey)
  }

  /** Writes the draft to this device's cache (only once the writer changed something). */
  async function saveDraft(): Promise<void> {
    globalThis.clearTimeout(autosaveTimer)
    autosaveTimer = undefined
    const db = database.value
    if (!db || !loaded.value || !key.value) {
      savePending.value = false
      return
    }
    options.flushEditor()
    const current = snapshot()
    const save = baseline.toSave(current, baseUpdatedAt.value, savedAt.value !== null)
    if (!save) {
      if (autosaveTimer === undefined) savePending.value = false
      return
    }
    const now = Date.now()
    await db.blogDrafts.put({ key: key.value, fields: current, baseUpdatedAt: baseUpdatedAt.value, savedAt: now, ...(language.value ? { language: language.value } : {}) })
    save.written()
    savedAt.value = now
    if (autosaveTimer === undefined) savePending.value = false
  }

  /**
   * The writer chose the post's language: kept with its draft at once (a draft of the fields as
   * they are is started if there is none, so the choice is not lost when the post is left).
   */
  async function chooseLanguage(value: string | null) {
    language.value = value
    const db = database.value
    if (!db || !loaded.value || !key.value) return
    const kept = { ...(value ? { language: value } : {}) }
    const existing = await db.blogDrafts.get(key.value)
    if (existing) {
      const { language: _old, ...rest } = existing
      await db.blogDrafts.put({ ...rest, ...kept })
    } else {
      const now = Date.now()
      await db.blogDrafts.put({ key: key.value, fields: snapshot(), baseUpdatedAt: baseUpdatedAt.value, savedAt: now, ...kept })
      savedAt.value = now
    }
  }

  function scheduleAutosave() {
    savePending.value = true
    globalThis.clearTimeout(autosaveTimer)
    autosaveTimer = globalThis.setTimeout(() => void saveDraft(), AUTOSAVE_DELAY_MS)
  }

  /** For window and unmount events: the draft is written at once (saveDraft takes the editor's latest HTML). */
  function saveDraftNow() {
    void saveDraft()
  }

  /** The writer typed in the slug field: the slug is theirs from now on, empty included. */
  function editSlug(value: string) {
    const typed = typeSlug(value)
    slug.value = typed.state
    fields.seo_slug = typed.slug
  }

  watch(fields, () => {
    baselineVersion.value++
    if (!loaded.value) return
    // A cached row: the store has the post, or its create is queued; its address stays what was sent.
    const next = slugAfterChange(slug.value, fields.title, fields.seo_slug, !!row.value)
    slug.value = next.state
    if (fields.seo_slug !== next.slug) fields.seo_slug = next.slug
    scheduleAutosave()
  }, { deep: true })

  function onVisibilityChange() {
    if (globalThis.document.visibilityState === 'hidden') saveDraftNow()
  }

  watch([database, () => route.fullPath], () => void open(), { immediate: true })

  onMounted(() => {
    globalThis.addEventListener('beforeunload', saveDraftNow)
    globalThis.document.addEventListener('visibilitychange', onVisibilityChange)
  })

  onBeforeUnmount(() => {
    saveDraftNow()
    globalThis.removeEventListener('beforeunload', saveDraftNow)
    globalThis.document.removeEventListener('visibilitychange', onVisibilityChange)
  })

  return {
    key, fields, baseUpdatedAt, loaded, savedAt, savePending, row, storeId, isNew, baseline, slug, language,
    snapshot, changed, startFromCurrent, deleteDraft, saveDraft, scheduleAutosave, editSlug, chooseLanguage,
    /** Runs before each post is shown (the revision history starts afresh per post). */
    onLoad: (listener: () => void) => void loadListeners.push(listener),
  }
}
