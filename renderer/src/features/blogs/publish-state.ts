// The one state each post is in, for the writer, in the editor, the blog list and the content
// calendar alike: a draft on this device, waiting to send (the store cannot be reached),
// sending, checking whether the store received it (an answer was lost), waiting behind another
// write the store refused, failed with the store's reason, in conflict, published or scheduled
// (with the time), or hidden on the store. A post the store has, with changes on this device not
// yet published, says both: "Published · changes not yet published" (a live post must never read
// as a draft). Nothing here says "sent" before the store has accepted the write: a post with any
// write still in the outbox is never "published".
import { blockedBy, entriesForRow, isOffline, type OutboxEntry } from '@/data'
import { checkingWords, rowWait, waitingForWords } from '@/features/sync'
import { refusalInWords } from '@/ui/refusal-words'
import { storeDayTime, wallClock } from '@/ui/dates'
import { storeNow } from '@/ui/store-time'
import { t } from '@/session/i18n'

export type PublishStateKind = 'draft' | 'waiting' | 'sending' | 'unconfirmed' | 'blocked' | 'failed' | 'conflict' | 'published' | 'scheduled' | 'hidden'

export interface PublishState {
  kind: PublishStateKind
  /** What the writer reads: "Published 24 Oct 2026, 03:00", "Failed: …". */
  label: string
  /** Naive UI tag type. */
  type: 'default' | 'info' | 'success' | 'warning' | 'error'
  /** The failed write, for the editor to show the store's field errors and replace it. */
  failed?: OutboxEntry
  /** The store has the post, and this device has changes to it not yet published. */
  unpublishedChanges?: boolean
  /** Another row's write the store refused, which this post's writes wait for (blocked). */
  waitingFor?: OutboxEntry
}

export interface PostFacts {
  key: string
  storeId?: number | null
  status?: number | null
  visible_at?: string | null
  created_at?: string | null
}

const VISIBLE = 2

/** The store's time as people read it, in the store's zone as the store wrote it. */
function storeTime(value: string | null | undefined): string | null {
  return wallClock(value) ? storeDayTime(value) : null
}

/**
 * `outbox`: the outbox (any order); `localDraft`: the writer has changes on this device not yet
 * published; `online`: the store answered last time (false: it could not be reached).
 */
export function publishStateOf(post: PostFacts, outbox: readonly OutboxEntry[], localDraft: boolean, online: boolean | null, now: Date = storeNow()): PublishState {
  const entries = [...outbox].sort((a, b) => a.id! - b.id!)
  const mine = entriesForRow(entries, 'blogs', post)
  const conflict = mine.find((entry) => entry.state === 'conflict')
  if (conflict) return { kind: 'conflict', label: t('editor.state.conflict'), type: 'error' }
  const wait = rowWait(entries, mine)
  const failed = mine.find((entry) => entry.state === 'failed')
  if (failed) {
    const blocked = blockedBy(entries)
    const behind = mine.filter((entry) => blocked.get(entry.id!)?.id === failed.id).length
    const reason = refusalInWords(failed.lastError)
    const label = behind === 0 ? t('editor.state.failed', { reason }) : t('editor.state.failedWaiting', { reason, n: behind })
    return { kind: 'failed', label, type: 'error', failed }
  }
  if (wait.blocked) return { kind: 'blocked', label: waitingForWords(wait.blocked.blocker), type: 'error', waitingFor: wait.blocked.blocker }
  if (wait.unconfirmed) return { kind: 'unconfirmed', label: checkingWords(), type: 'warning' }
  if (mine.length > 0) {
    const away = online === false || mine.some((entry) => entry.state === 'queued' && entry.lastError && isOffline(entry.lastError))
    return away ? { kind: 'waiting', label: t('editor.state.waiting'), type: 'warning' } : { kind: 'sending', label: t('editor.state.sending'), type: 'info' }
  }
  if (!post.storeId) return { kind: 'draft', label: t('editor.state.draft'), type: 'default' }
  const { short, ...onStore } = storeState(post, now)
  return localDraft ? { ...onStore, label: t('editor.state.withChanges', { state: short }), type: 'warning', unpublishedChanges: true } : onStore
}

/** What the store shows of a post it has: `short` drops the publishing time, for a label that says more. */
function storeState(post: PostFacts, now: Date): PublishState & { short: string } {
  if (post.status !== VISIBLE) return { kind: 'hidden', label: t('editor.state.hidden'), short: t('editor.state.hidden'), type: 'default' }
  const visibleAt = wallClock(post.visible_at)
  if (visibleAt && visibleAt.getTime() > now.getTime()) {
    const label = t('editor.state.scheduled', { when: storeTime(post.visible_at) ?? '' })
    return { kind: 'scheduled', label, short: label, type: 'info' }
  }
  const when = storeTime(post.visible_at) ?? storeTime(post.created_at)
  return { kind: 'published', label: when ? t('editor.state.publishedAt', { when }) : t('editor.state.published'), short: t('editor.state.published'), type: 'success' }
}

/** A post the store shows readers now: visible, from a time that has come. */
export function isLive(post: Pick<PostFacts, 'storeId' | 'status' | 'visible_at'>, now: Date = new Date()): boolean {
  const visibleAt = wallClock(post.visible_at)
  return !!post.storeId && post.status === VISIBLE && !(visibleAt && visibleAt.getTime() > now.getTime())
}
