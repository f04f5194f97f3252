// What the blog post screen's main button says, from what pressing it will do: "Publish" (the
// post becomes visible to readers now), "Publish changes" (a live post is updated), "Schedule
// for Jan 15, 2027, 09:30" (visible from a time to come), or "Save as hidden" (on the store,
// where readers cannot see it). A live post with nothing to publish has the button off, saying
// why. The time is the store's, as the writer picked it.
import { storeDayTime, wallClock } from '@/ui/dates'
import { BLOG_STATUS_VISIBLE } from '../blog-draft'
import { t } from '@/session/i18n'

export interface PrimaryAction {
  label: string
  /** Why the button is off; undefined while it can be pressed. */
  disabledReason?: string
}

export interface ActionFacts {
  /** The post as the writer set it on this screen. */
  status: number
  visible_at: string | null
  /** The store shows the post to readers now (publish-state.ts isLive). */
  live: boolean
  /** The store has the post (it was published before, in whatever state). */
  onStore: boolean
  /** Something on this screen differs from the store's copy. */
  changed: boolean
}

export function primaryAction(facts: ActionFacts, now: Date = new Date()): PrimaryAction {
  const unchanged = facts.onStore && !facts.changed ? t('editor.action.unchanged') : undefined
  if (facts.status !== BLOG_STATUS_VISIBLE) return { label: t('editor.action.saveHidden'), disabledReason: unchanged }
  const visibleAt = wallClock(facts.visible_at)
  if (visibleAt && visibleAt.getTime() > now.getTime()) return { label: t('editor.action.schedule', { when: storeDayTime(facts.visible_at) }), disabledReason: unchanged }
  if (facts.live) return { label: t('editor.action.publishChanges'), disabledReason: unchanged }
  return { label: t('editor.action.publish'), disabledReason: unchanged }
}
