// Wherever the user is, a change the store refused, or a sync that failed, is told at once: a
// notice naming it and the store's reason in the screens' words, with a link to the thing it
// concerns (the post, the order, the Sync page) where it can be fixed. Each is told once per
// window; the Sync page keeps the full list.
import { watch } from 'vue'
import { refusedWrites, useLiveQuery, useSyncStatus, type OutboxEntry } from '@/data'
import { refusalInWords } from '@/ui/refusal-words'
import { t } from '@/session/i18n'
import { writeWords } from './write-words'
import { syncErrorWords } from './sync-format'
import { useNoticesStore } from '@/session/notices-store'

/** Where a refused write can be fixed. */
export function placeOf(entry: Pick<OutboxEntry, 'kind' | 'write'>): { path: string; label: string } {
  const write = entry.write
  if ('orderId' in write) return { path: `/orders/${write.orderId}`, label: t('sync.openOrder') }
  if ('key' in write && write.kind.startsWith('blogs.')) return { path: `/blogs/${encodeURIComponent(write.key)}`, label: t('sync.openPost') }
  if ('key' in write && write.kind.startsWith('collections.')) return { path: `/collections/${encodeURIComponent(write.key)}`, label: t('sync.openCollection') }
  return { path: '/sync', label: t('sync.openSync') }
}

export function useRefusedWriteNotices(): void {
  const notices = useNoticesStore()
  const refused = useLiveQuery(refusedWrites, [], [] as OutboxEntry[])
  const told = new Set<string>()
  watch(refused, (entries) => {
    for (const entry of entries) {
      const id = `${entry.id}:${entry.attempts}`
      if (told.has(id)) continue
      told.add(id)
      notices.post({
        kind: 'error',
        title: t('sync.refusedTitle'),
        text: t('sync.refusedText', { label: writeWords(entry.label), reason: refusalInWords(entry.lastError) }),
        link: placeOf(entry),
        key: `refused:${entry.id}`,
      })
    }
  })

  // A sync that ends in failure (not a plain "offline", which the indicator already says).
  const status = useSyncStatus()
  watch(
    () => (status.value?.syncing ? null : status.value?.outcome),
    (outcome) => {
      if (outcome === 'failed') {
        notices.post({ kind: 'error', title: t('sync.failedTitle'), text: status.value ? syncErrorWords(status.value) : t('sync.failedText'), link: { path: '/sync', label: t('sync.openSync') }, key: 'sync' })
      } else if (outcome === 'reconnect') {
        notices.post({ kind: 'warning', title: t('sync.reconnectTitle'), text: t('sync.reconnectText'), link: { path: '/settings', label: t('sync.openSettings') }, key: 'sync' })
      }
    },
  )
}
