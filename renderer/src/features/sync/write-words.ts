// A write's label in words (data/write-label.ts), the same on every screen that names a write:
// the Sync page, the undo bar, notices, a post's or an order's state, the order's timeline (which
// leaves out the order: the page is that order's) and the export of unsent changes. Each kind's
// handler says what the write is; only this module says it, through the catalog (`writes.*`), so
// every screen's write labels are translated in one place. The store's own words (an order's
// number, a post's title, a tracking number, tags) go in as they are.
import { t } from '@/session/i18n'
import type { StoredLabel, WriteLabel } from '@/data'

/** "order #1057" (an order's name is its number, which reads as itself without quotes), or "order". */
const ofOrder = (name?: string) => (name ? t('writes.orderNamed', { name }) : t('writes.order'))

function trackingWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  let what = values.replaces !== undefined ? t('writes.trackingChanged', { from: values.replaces || t('writes.noTracking'), to: values.trackno ?? '' }) : t('writes.tracking', { trackno: values.trackno ?? '' })
  if (values.override) what = t('writes.overridden', { what, state: values.override })
  return withTarget ? t('writes.forOrder', { what, order: ofOrder(target.name) }) : what
}

/** "Tag order #1057 fragile, VIP and untag gift"; on the order's own page "Tag fragile, VIP". */
function tagsWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  const add = values.add ?? ''
  const remove = values.remove ?? ''
  const order = ofOrder(target.name)
  if (add && remove) return withTarget ? t('writes.tagUntagOn', { order, add, remove }) : t('writes.tagUntag', { add, remove })
  if (remove) return withTarget ? t('writes.untagOn', { order, tags: remove }) : t('writes.untag', { tags: remove })
  return withTarget ? t('writes.tagOn', { order, tags: add }) : t('writes.tag', { tags: add })
}

function noteWords({ values = {}, target }: WriteLabel, withTarget: boolean): string {
  if (!withTarget) return values.cleared ? t('writes.noteRemoved') : t('writes.note')
  return values.cleared ? t('writes.noteRemovedFrom', { order: ofOrder(target.name) }) : t('writes.noteOn', { order: ofOrder(target.name) })
}

function batchWords({ values = {}, target }: WriteLabel): string {
  const operation = values.operation ?? ''
  if (target.noun === 'collection') return target.name ? t('writes.collectionBatchNamed', { operation, name: target.name }) : t('writes.collectionBatch', { operation })
  const things = target.all ? t('writes.allMatching', { noun: target.noun }) : t('writes.things', { noun: target.noun, n: target.count ?? 0 })
  const said = t('writes.batch', { operation, things })
  return target.name ? t('writes.withName', { what: said, name: target.name }) : said
}

/**
 * A write's label in words: "Tracking 1Z999 for order #1057", "Changes to post “Spring”".
 * `withTarget: false` leaves out the order an order write is on (its own page names it). A
 * label stored by an earlier version is already words (English, as that version stored it).
 */
export function writeWords(label: StoredLabel, { withTarget = true }: { withTarget?: boolean } = {}): string {
  if (typeof label === 'string') return label
  const { noun, name } = label.target
  switch (label.action) {
    case 'track':
      return trackingWords(label, withTarget)
    case 'address':
      return withTarget ? t('writes.addressOf', { order: ofOrder(name) }) : t('writes.addressChange')
    case 'tags':
      return tagsWords(label, withTarget)
    case 'note':
      return noteWords(label, withTarget)
    case 'create':
      return name ? t('writes.createNamed', { noun, name }) : t('writes.create', { noun })
    case 'update':
      return name ? t('writes.updateNamed', { noun, name }) : t('writes.update', { noun })
    case 'delete':
      return name ? t('writes.deleteNamed', { noun, name }) : t('writes.delete', { noun })
    case 'batch':
      return batchWords(label)
    case 'set':
      return t('writes.metaValue', { resource: label.values?.resource ?? '', id: label.values?.resourceId ?? '' }).trim()
  }
}
