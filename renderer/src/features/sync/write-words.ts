// A write's label in words (data/write-label.ts), the same on every screen that names a write:
// the Sync page, the undo bar, notices, a post's or an order's state, the order's timeline (which
// leaves out the order: the page is that order's) and the export of unsent changes. Each kind's
// handler says what the write is; only this module says it in words.
import type { LabelNoun, StoredLabel, WriteLabel } from '@/data'

const NOUNS: Record<LabelNoun, string> = { order: 'order', post: 'post', collection: 'collection', metaField: 'meta field', metaFieldValue: 'meta field value' }

const CLOSED_WORDS: Record<string, string> = { cancelled: 'cancelled', refunded: 'refunded in full', fulfilled: 'fulfilled' }

const POST_BATCH_WORDS: Record<string, (posts: string) => string> = {
  show: (posts) => `Show ${posts}`,
  hide: (posts) => `Hide ${posts}`,
  delete: (posts) => `Delete ${posts}`,
  add_to_collections: (posts) => `Add ${posts} to a collection`,
  remove_from_collections: (posts) => `Remove ${posts} from a collection`,
}

/** A target's name in quotes (“Summer sale”), or nothing. */
const quoted = (name?: string): string => (name ? ` “${name}”` : '')

/** "for order #1057": an order's name is its number, which reads as itself without quotes. */
const ofOrder = (name?: string) => `order${name ? ` ${name}` : ''}`

function trackingWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  const change = values.replaces !== undefined ? `Tracking number changed from ${values.replaces || '(none)'} to ${values.trackno}` : `Tracking ${values.trackno}`
  const override = values.override ? ` (added although the order is ${CLOSED_WORDS[values.override] ?? values.override}: confirmed by the operator)` : ''
  return `${change}${override}${withTarget ? ` for ${ofOrder(target.name)}` : ''}`
}

/** "Tag order #1057 fragile, VIP and untag gift"; on the order's own page "Tag fragile, VIP". */
function tagsWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  const on = withTarget ? ` ${ofOrder(target.name)}` : ''
  const add = values.add ? `Tag${on} ${values.add}` : ''
  const remove = values.remove ? (add ? `and untag ${values.remove}` : `Untag${on} ${values.remove}`) : ''
  return [add, remove].filter(Boolean).join(' ')
}

function noteWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  if (!withTarget) return values.cleared ? 'Note removed' : 'Note'
  return values.cleared ? `Note removed from ${ofOrder(target.name)}` : `Note on ${ofOrder(target.name)}`
}

function batchWords({ values = {}, target }: WriteLabel): string {
  const operation = values.operation ?? ''
  if (target.noun === 'collection') return operation === 'sort_blogs_manual' ? `Reorder collection${quoted(target.name)}` : `${operation.replaceAll('_', ' ')} in collection${quoted(target.name)}`
  const things = target.all ? `all matching ${NOUNS[target.noun]}s` : target.count === 1 ? `1 ${NOUNS[target.noun]}` : `${target.count ?? 0} ${NOUNS[target.noun]}s`
  const said = POST_BATCH_WORDS[operation]?.(things) ?? `${operation.replaceAll('_', ' ')}: ${things}`
  return `${said}${target.name ? `: ${target.name}` : ''}`
}

/**
 * A write's label in words: "Tracking 1Z999 for order #1057", "Changes to post “Spring”".
 * `withTarget: false` leaves out the order an order write is on (its own page names it). A
 * label stored by an earlier version is already words.
 */
export function writeWords(label: StoredLabel, { withTarget = true }: { withTarget?: boolean } = {}): string {
  if (typeof label === 'string') return label
  const noun = NOUNS[label.target.noun]
  switch (label.action) {
    case 'track':
      return trackingWords(label, withTarget)
    case 'address':
      return withTarget ? `Shipping address of ${ofOrder(label.target.name)}` : 'Shipping address change'
    case 'tags':
      return tagsWords(label, withTarget)
    case 'note':
      return noteWords(label, withTarget)
    case 'create':
      return `New ${noun}${quoted(label.target.name)}`
    case 'update':
      return `Changes to ${noun}${quoted(label.target.name)}`
    case 'delete':
      return `Delete ${noun}${quoted(label.target.name)}`
    case 'batch':
      return batchWords(label)
    case 'set':
      return `Meta field value on ${label.values?.resource ?? ''} ${label.values?.resourceId ?? ''}`.trim()
  }
}
