// What the content calendar shows and allows: each post as published, scheduled (on the day of
// its visible time, in store time, as the store wrote it), hidden on the store or a draft on
// this device (those two in the side list); filters by collection and author; and what a drop
// on a day does: the post becomes visible from that day, at its own time of day if it was
// scheduled, else at 09:00 store time. Only scheduled posts, hidden posts and drafts move: a
// published post stays where readers found it, and nothing is scheduled on a day already past.
import type { BlogListItem, PublishState } from '@/features/blogs'
import { addDays, dayOfStamp, type DayKey } from './calendar-days'
import { t } from '@/session/i18n'

export type CalendarKind = 'published' | 'scheduled' | 'hidden' | 'draft'

export interface CalendarPost {
  key: string
  title: string
  author: string
  collectionKeys: string[]
  /** Visible from (store time, `YYYY-MM-DD HH:MM:SS`), null when never set. */
  visibleAt: string | null
  /** The day it shows on (published and scheduled posts); null for the side list. */
  day: DayKey | null
  kind: CalendarKind
  state: PublishState
}

/** A post moved to a day without a time of its own becomes visible at this store time. */
export const DEFAULT_TIME = '09:00:00'

const VISIBLE = 2

/** The calendar's view of the blog list's items; `isFuture` says whether a store time is still to come. */
export function calendarPosts(items: readonly BlogListItem[], isFuture: (stamp: string) => boolean): CalendarPost[] {
  return items.map((item) => {
    const kind: CalendarKind = item.localOnly ? 'draft' : item.status !== VISIBLE ? 'hidden' : item.visible_at && isFuture(item.visible_at) ? 'scheduled' : 'published'
    const day = kind === 'scheduled' || kind === 'published' ? (dayOfStamp(item.visible_at) ?? dayOfStamp(item.created_at)) : null
    return { key: item.key, title: item.title, author: item.author, collectionKeys: item.collectionKeys, visibleAt: item.visible_at, day, kind, state: item.state }
  })
}

export interface CalendarFilter {
  /** A collection's key, or null for every post. */
  collection: string | null
  /** An author as written on the posts ('' for posts without one), or null for every post. */
  author: string | null
}

export function filterPosts(posts: readonly CalendarPost[], filter: CalendarFilter): CalendarPost[] {
  return posts.filter((post) => (filter.collection === null || post.collectionKeys.includes(filter.collection)) && (filter.author === null || post.author.trim() === filter.author))
}

/** The authors named on the posts, in alphabetical order ('' for posts without one, if any). */
export function authorsOf(posts: readonly CalendarPost[]): string[] {
  return [...new Set(posts.map((post) => post.author.trim()))].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
}

/** The posts of each day, earliest first. */
export function postsByDay(posts: readonly CalendarPost[]): Map<DayKey, CalendarPost[]> {
  const byDay = new Map<DayKey, CalendarPost[]>()
  for (const post of posts) {
    if (post.day === null) continue
    const list = byDay.get(post.day) ?? []
    list.push(post)
    byDay.set(post.day, list)
  }
  for (const list of byDay.values()) list.sort((a, b) => (a.visibleAt ?? '').localeCompare(b.visibleAt ?? '') || a.title.localeCompare(b.title))
  return byDay
}

/** The side list: drafts on this device, then posts hidden on the store, each by title. */
export function unscheduledPosts(posts: readonly CalendarPost[]): CalendarPost[] {
  const rank = (post: CalendarPost) => (post.kind === 'draft' ? 0 : 1)
  return posts.filter((post) => post.day === null).sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title))
}

/** Whether a post can be picked up and moved at all. */
export function canMove(post: CalendarPost): boolean {
  return post.kind !== 'published'
}

/** The visible time a post dropped on `day` gets: its own time of day if it was scheduled. */
export function scheduleStamp(post: CalendarPost, day: DayKey): string {
  const time = post.kind === 'scheduled' && post.visibleAt ? post.visibleAt.slice(11, 19) : DEFAULT_TIME
  return `${day} ${time || DEFAULT_TIME}`
}

/** Why `post` cannot go to `day` (today being `today`), in words; null when it can. */
export function dropProblem(post: CalendarPost, day: DayKey, today: DayKey): string | null {
  if (!canMove(post)) return t('calendar.published', { title: post.title || t('editor.seo.untitled') })
  if (day < today) return t('calendar.pastDay')
  if (post.kind === 'draft' && !post.title.trim()) return t('calendar.needsTitle')
  return null
}

/** What a key does while a post is picked up with the keyboard: a day to move to, drop, or put back. */
export type CarryStep = { to: DayKey } | { drop: true } | { cancel: true } | null

/** Arrows move a day (left, right) or a week (up, down); Enter or Space drops; Escape puts it back. */
export function carryStep(target: DayKey, key: string): CarryStep {
  const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }
  if (key in moves) return { to: addDays(target, moves[key]!) }
  if (key === 'Enter' || key === ' ') return { drop: true }
  if (key === 'Escape') return { cancel: true }
  return null
}
