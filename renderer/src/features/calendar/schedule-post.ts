// Schedules a post from the content calendar: a queued write (or two) held for the undo window,
// so nothing reaches the store before the writer could take it back, and the writes of one move
// share one window (Undo in the bar takes them back together).
// - A scheduled post: its visible time changes (blogs.update).
// - A post hidden on the store: its visible time changes, and it is shown (blogs.update, then
//   blogs.batch show).
// - A draft on this device: it is created on the store with that visible time (blogs.create; the
//   store makes a new post visible). The draft on this device takes the same time and status, so
//   it says what was sent; once the store has the post, the editor finds the draft equal to it
//   and drops it. Undo leaves the draft as it was sent, the store untouched.
import { actions, undoWindowSeconds, type CachedBlog, type StoreDatabase } from '@/data'
import { BLOG_STATUS_VISIBLE, changesToPublish, type DraftFields } from '@/features/blogs'
import { slugTakenBy } from '@/lib/slug'
import type { CalendarPost } from './calendar-posts'
import { t } from '@/session/i18n'

export class ScheduleProblem extends Error {}

export async function schedulePost(db: StoreDatabase, post: CalendarPost, visibleAt: string, knownPosts: readonly CachedBlog[]): Promise<void> {
  const seconds = undoWindowSeconds()
  const hold = seconds > 0 ? { holdUntil: Date.now() + seconds * 1000 } : {}
  const name = t('blogs.batch.titled', { title: post.title || t('editor.seo.untitled') })
  if (post.kind === 'draft') {
    const draft = await db.blogDrafts.get(post.key)
    if (!draft) throw new ScheduleProblem(t('calendar.draftGone'))
    const fields = { ...draft.fields, visible_at: visibleAt, status: BLOG_STATUS_VISIBLE } as DraftFields
    const owner = slugTakenBy(fields.seo_slug ?? '', post.key, knownPosts)
    if (owner) throw new ScheduleProblem(t('calendar.slugTaken', { owner: owner.title || t('calendar.anotherPost'), slug: fields.seo_slug }))
    const { body } = changesToPublish(fields, null)
    await db.blogDrafts.put({ ...draft, fields, savedAt: Date.now() })
    await actions.createBlog(db, { ...body, title: fields.title }, fields.collectionKeys ?? [], post.key, { ...hold, name })
    return
  }
  await actions.updateBlog(db, post.key, { visible_at: visibleAt }, { ...hold, name: post.title })
  if (post.kind === 'hidden') await actions.batchBlogs(db, { action: 'show', blogKeys: [post.key] }, { ...hold, name })
}
