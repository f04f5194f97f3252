// How a write that has not reached the store is told wherever its row shows it (the Sync page,
// a post's state, an order page), in the same words: unconfirmed ("Checking whether the store
// received it": it was sent and no answer said what became of it), and waiting behind a write
// the store refused ("Waiting for “…”, which the store refused"), which only the user can settle.
import { blockedBy, type OutboxEntry } from '@/data'
import { t, uiLocale } from '@/session/i18n'
import { writeWords } from './write-words'

/** "Checking whether the store received it", in the screens' language. */
export function checkingWords(): string {
  return t('writes.checking')
}

/**
 * A write's label inside a sentence: "New post “Spring”" → "new post “Spring”" (an acronym keeps
 * its capitals). English only: German capitalises its nouns wherever they stand, Chinese has no case.
 */
function inSentence(label: string): string {
  return uiLocale().startsWith('en') && /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label
}

/** "Waiting for shipping address of order #1057, which the store refused" */
export function waitingForWords(blocker: Pick<OutboxEntry, 'label' | 'state'>): string {
  const label = inSentence(writeWords(blocker.label))
  return blocker.state === 'conflict' ? t('writes.waitingConflict', { label }) : t('writes.waitingRefused', { label })
}

/** The words of the one action that leads to the write another waits for. */
export function goToWords(blocker: Pick<OutboxEntry, 'state'>): string {
  return blocker.state === 'conflict' ? t('writes.goToConflict') : t('writes.goToRefused')
}

/** The route of the Sync page with one change in view (its item gets the focus). */
export function changeOnSyncPage(entry: Pick<OutboxEntry, 'id'>) {
  return { path: '/sync', query: { change: String(entry.id) } }
}

export interface RowWait {
  /** The row's first write that waits for a stopped one, with that one (which may be another row's). */
  blocked: { entry: OutboxEntry; blocker: OutboxEntry } | null
  /** The row's first write whose outcome is unknown. */
  unconfirmed: OutboxEntry | null
}

/** What a row's unsent writes (`mine`) wait for, given the whole outbox in send order (`all`). */
export function rowWait(all: readonly OutboxEntry[], mine: readonly OutboxEntry[]): RowWait {
  const blocked = blockedBy(all)
  const waiting = mine.find((entry) => blocked.has(entry.id!))
  return {
    blocked: waiting ? { entry: waiting, blocker: blocked.get(waiting.id!)! } : null,
    unconfirmed: mine.find((entry) => entry.state === 'unconfirmed') ?? null,
  }
}
