// Publishing a post from the blog post screen through the outbox, and everything that can stop
// or follow it: the title and slug checks, the store's copy changed since the draft was based on
// it (both versions shown: keep theirs, keep mine, merge the body), what the editor would change
// in the store's HTML (asked first), a conflict the outbox found later, and the post's one state
// (publish-state.ts), which never says "published" before the store accepted it. A refusal shows
// on the fields it names, and publishing again replaces the refused write. The main button says
// what pressing it does (primary-action.ts), and a live post can be viewed on the store's blog.
import { computed, ref, watch, type Ref } from 'vue'
import {
  actions, conflictFor, outboxWrites, refreshBlog, resolveConflict, rowByRef, useLiveQuery, useStoreDatabase,
  type CachedBlog, type ConflictRecord, type OutboxEntry,
} from '@/data'
import { useReachabilityStore } from '@/session/reachability-store'
import { BLOG_STATUS_VISIBLE, changesToPublish, differingFields, draftFromRow, type DraftFields } from '../blog-draft'
import { checkFidelity, type FidelityReport } from '../html-fidelity'
import { isLive, publishStateOf } from '../publish-state'
import { freeSlug, slugTakenBy } from '@/lib/slug'
import { primaryAction } from './primary-action'
import { fieldsOverLimit, type LimitedField } from './field-limits'
import { sayList, t, type Message } from '@/session/i18n'
import type { BlogDraft } from './use-blog-draft'
import type { useRevisions } from './use-revisions'
import { failureWords } from '@/ui/error-words'

export interface PageMessage {
  type: 'success' | 'info' | 'error'
  /** Said at the screen, so it follows a change of language while it shows. */
  text: Message
}

export function usePublish(
  draft: BlogDraft,
  revisions: Pick<ReturnType<typeof useRevisions>, 'addRevision'>,
  options: { message: Ref<PageMessage | null>; allBlogs: Readonly<Ref<CachedBlog[]>>; flushEditor: () => void },
) {
  const database = useStoreDatabase()
  const reachability = useReachabilityStore()
  const { key, row, fields, baseUpdatedAt, snapshot } = draft
  const { message, allBlogs } = options
  const titleError = ref<Message | null>(null)
  const draftConflict = ref<{ theirs: DraftFields; theirsUpdatedAt: string | null } | null>(null)
  const fidelityPrompt = ref<{ report: FidelityReport; resolve: (go: boolean) => void } | null>(null)

  const outboxConflict = useLiveQuery(
    async (db): Promise<ConflictRecord | null> => (key.value ? conflictFor(db, { family: 'blogs', key: key.value, storeId: row.value?.storeId ?? null }) : null),
    [key, () => row.value?.storeId, () => row.value?.pending],
    null,
  )
  const outbox = useLiveQuery(outboxWrites, [], [] as OutboxEntry[])

  const postState = computed(() =>
    publishStateOf(
      { key: key.value, storeId: row.value?.storeId ?? null, status: row.value?.status ?? null, visible_at: row.value?.visible_at ?? null, created_at: row.value?.created_at ?? null },
      outbox.value,
      draft.changed(),
      reachability.online,
    ),
  )
  /** Readers can see the store's copy now: its slug is locked, and "View on blog" opens it. */
  const live = computed(() => !!row.value && isLive({ storeId: row.value.storeId ?? null, status: row.value.status, visible_at: row.value.visible_at }))
  const action = computed(() => primaryAction({ status: fields.status, visible_at: fields.visible_at, live: live.value, onStore: !!row.value?.storeId, changed: draft.changed() }))

  // "Publishing…" and "Waiting to send" are about the moment of publishing: once the store has
  // answered, the state tag (and a refusal's banner) say what happened.
  watch(() => postState.value.kind, (kind) => {
    const about = message.value?.text.key
    if (kind !== 'sending' && kind !== 'waiting' && (about === 'editor.publish.sending' || about === 'editor.publish.waitingToSend')) message.value = null
  })

  /** The store's message for a field of the refused write, while the field still holds what it refused. */
  function refusedField(field: keyof DraftFields & string): string | undefined {
    const failed = postState.value.failed
    const messages = failed?.lastError?.fields?.[field]
    if (!failed || !messages) return undefined
    const sent = (failed.write as { body?: Record<string, unknown> }).body?.[field]
    return sent === undefined || sent === fields[field] ? t('editor.publish.refusedField', { messages: messages.join('; ') }) : undefined
  }

  /** Fields longer than the store accepts (field-limits.ts): said at each field as the writer types. */
  const overLimit = computed(() => fieldsOverLimit(fields))
  function limitProblem(field: LimitedField): string | undefined {
    const over = overLimit.value[field]
    return over ? t(over.key, over.params) : undefined
  }

  /** Another post this device knows already has the slug: say so before the store does. */
  const slugClash = computed(() => {
    const slug = fields.seo_slug
    const owner = slugTakenBy(slug, key.value, allBlogs.value)
    if (!owner || owner.key === row.value?.key) return null
    return { owner: owner.title || t('editor.publish.anotherPost'), suggestion: freeSlug(slug, key.value, allBlogs.value) }
  })
  /** What stops a publish before anything is sent: another post's slug, or none for a post the store has. */
  const slugStop = computed(() => {
    if (slugClash.value) return t('editor.publish.slugTaken', slugClash.value)
    return !fields.seo_slug && row.value?.storeId ? t('editor.publish.slugMissing') : undefined
  })
  /** What is wrong with the slug, in words: a stop, or the store's refusal of it. */
  const slugProblem = computed(() => slugStop.value ?? limitProblem('seo_slug') ?? refusedField('seo_slug'))
  const slugHint = computed((): Message => {
    if (live.value) return { key: 'editor.publish.slugLive' }
    if (draft.slug.value.followsTitle && !row.value) return { key: 'editor.publish.slugFromTitle' }
    return { key: 'editor.publish.slugRule' }
  })

  function askFidelity(report: FidelityReport): Promise<boolean> {
    return new Promise((resolve) => { fidelityPrompt.value = { report, resolve } })
  }

  function answerFidelity(go: boolean) {
    fidelityPrompt.value?.resolve(go)
    fidelityPrompt.value = null
  }

  /** Publishes through the outbox; `seen` skips the check for a store copy the writer already compared. */
  async function publish(seen = false) {
    message.value = null
    options.flushEditor()
    if (!fields.title.trim()) {
      titleError.value = { key: 'editor.publish.titleMissing' }
      return
    }
    titleError.value = null
    const tooLong = Object.keys(overLimit.value) as LimitedField[]
    if (tooLong.length > 0) {
      const names = sayList(tooLong.map((field): Message => ({ key: `editor.fields.${field}` })))
      message.value = { type: 'error', text: { key: 'editor.publish.notPublished', params: { reason: t('postLimits.fieldsTooLong', { fields: names, n: tooLong.length }) } } }
      return
    }
    if (slugStop.value) {
      message.value = { type: 'error', text: { key: 'editor.publish.notPublished', params: { reason: slugStop.value } } }
      return
    }
    await draft.saveDraft()
    const db = database.value
    if (!db) return
    let cached = await rowByRef<CachedBlog>(db, 'blogs', key.value)
    if (cached?.storeId && !cached.pending && reachability.online !== false) {
      await refreshBlog(db, cached.storeId).catch(() => undefined)
      cached = await rowByRef<CachedBlog>(db, 'blogs', key.value)
    }
    const theirs = cached ? draftFromRow(cached) : null
    const storeChanged = cached && !cached.pending && baseUpdatedAt.value !== null && cached.updated_at !== baseUpdatedAt.value
    if (!seen && theirs && storeChanged && differingFields(snapshot(), theirs).length > 0) {
      draftConflict.value = { theirs, theirsUpdatedAt: cached?.updated_at ?? null }
      return
    }
    const changes = changesToPublish(snapshot(), theirs)
    if (theirs && changes.contentChanged) {
      const report = checkFidelity(theirs.content)
      if (report.changed && !(await askFidelity(report))) return
    }
    await revisions.addRevision('publish')
    const post = snapshot()
    const statusAction = post.status === BLOG_STATUS_VISIBLE ? 'show' : 'hide'
    try {
      if (!cached) {
        await actions.createBlog(db, { ...changes.body, title: post.title }, post.collectionKeys, key.value)
        // The store makes a new post visible: only a hidden one needs a second write.
        if (post.status !== BLOG_STATUS_VISIBLE) await actions.batchBlogs(db, { action: statusAction, blogKeys: [key.value] })
      } else {
        if (Object.keys(changes.body).length > 0 || changes.collectionsChanged) {
          await actions.updateBlog(db, key.value, changes.body, { name: post.title, ...(changes.collectionsChanged ? { collectionKeys: post.collectionKeys } : {}) })
        }
        if (changes.statusChanged) await actions.batchBlogs(db, { action: statusAction, blogKeys: [key.value] })
      }
    } catch (error) {
      message.value = { type: 'error', text: { key: 'editor.publish.queueFailed', params: { error: failureWords(error) } } }
      return
    }
    await draft.deleteDraft()
    draft.startFromCurrent()
    baseUpdatedAt.value = null
    draftConflict.value = null
    // The state tag says when the store has accepted it; nothing here claims it was sent.
    message.value = reachability.online === false
      ? { type: 'info', text: { key: 'editor.publish.waitingToSend' } }
      : { type: 'info', text: { key: 'editor.publish.sending' } }
  }

  async function keepTheirs() {
    const conflict = draftConflict.value
    if (!conflict) return
    await revisions.addRevision('restore', snapshot(), t('editor.publish.theStoreVersion'))
    Object.assign(fields, conflict.theirs, { collectionKeys: [...conflict.theirs.collectionKeys] })
    baseUpdatedAt.value = conflict.theirsUpdatedAt
    draftConflict.value = null
    await draft.deleteDraft()
    draft.startFromCurrent()
    message.value = { type: 'info', text: { key: 'editor.publish.keptTheirs' } }
  }

  async function keepMine() {
    baseUpdatedAt.value = draftConflict.value?.theirsUpdatedAt ?? null
    await publish(true)
  }

  async function mergeByHand(content: string) {
    fields.content = content
    baseUpdatedAt.value = draftConflict.value?.theirsUpdatedAt ?? null
    await publish(true)
  }

  async function resolveQueued(choice: 'mine' | 'theirs' | { merged: Record<string, unknown> }) {
    const db = database.value
    const conflict = outboxConflict.value
    if (!db || !conflict) return
    await resolveConflict(db, conflict.id, choice)
    if (choice === 'theirs') {
      const cached = await rowByRef<CachedBlog>(db, 'blogs', key.value)
      if (cached) Object.assign(fields, draftFromRow(cached))
    } else if (typeof choice === 'object' && typeof choice.merged.content === 'string') {
      fields.content = choice.merged.content
    }
    draft.startFromCurrent()
    message.value = { type: 'info', text: { key: choice === 'theirs' ? 'editor.publish.keptTheirsShort' : 'editor.publish.queuedAgain' } }
  }

  /**
   * The conflict the writer is asked about (the one found before publishing, else the outbox's):
   * both versions, and what each of the view's choices does.
   */
  const conflict = computed(() => {
    if (draftConflict.value) {
      return { source: 'draft', mine: snapshot, theirs: draftConflict.value.theirs, choices: { keepMine, keepTheirs, merge: mergeByHand } }
    }
    const queued = outboxConflict.value
    if (!queued) return null
    return {
      source: 'outbox',
      mine: () => queued.mine as Partial<DraftFields>,
      theirs: queued.theirs as Partial<DraftFields>,
      choices: {
        keepMine: () => resolveQueued('mine'),
        keepTheirs: () => resolveQueued('theirs'),
        merge: (content: string) => resolveQueued({ merged: { content } }),
      },
    }
  })

  return { titleError, conflict, fidelityPrompt, postState, live, action, slugProblem, slugHint, refusedField, limitProblem, answerFidelity, publish }
}
