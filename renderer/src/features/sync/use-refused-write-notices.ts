// Wherever the user is, a change the store refused is told at once: a notification naming the
// change and the store's reason in the screens' words, with a button to the thing it concerns
// (the post, the order) where it can be fixed. Each refused write is told once per window; the
// Sync page keeps the full list.
import { h, watch } from 'vue'
import { useRouter } from 'vue-router'
import { NButton, useNotification } from 'naive-ui'
import { useLiveQuery, type OutboxEntry } from '@/data'
import { refusalInWords } from '@/app/refusal-words'

/** Where a refused write can be fixed. */
export function placeOf(entry: Pick<OutboxEntry, 'kind' | 'write'>): { path: string; label: string } {
  const write = entry.write as { key?: string; orderId?: number }
  if (entry.kind.startsWith('blogs.') && write.key) return { path: `/blogs/${encodeURIComponent(write.key)}`, label: 'Open the post' }
  if (entry.kind.startsWith('orders.') && write.orderId) return { path: `/orders/${write.orderId}`, label: 'Open the order' }
  if (entry.kind.startsWith('collections.') && write.key) return { path: `/collections/${encodeURIComponent(write.key)}`, label: 'Open the collection' }
  return { path: '/sync', label: 'Open Sync' }
}

export function useRefusedWriteNotices(): void {
  const notification = useNotification()
  const router = useRouter()
  const refused = useLiveQuery((db) => db.outbox.where('state').equals('failed').toArray(), [], [] as OutboxEntry[])
  const told = new Set<string>()
  watch(refused, (entries) => {
    for (const entry of entries) {
      const id = `${entry.id}:${entry.attempts}`
      if (told.has(id)) continue
      told.add(id)
      const place = placeOf(entry)
      const note = notification.error({
        title: 'The store refused a change',
        content: `${entry.label}. ${refusalInWords(entry.lastError)}.`,
        meta: 'Nothing else was changed; fix it and send it again.',
        // Long enough to read and act on, then out of the way of what it covers (not kept
        // while hovered: the pointer resting there on its way to a button would keep it forever);
        // the post and the Sync page keep saying it after it goes.
        duration: 10_000,
        action: () =>
          h(
            NButton,
            {
              size: 'small',
              onClick: () => {
                note.destroy()
                void router.push(place.path)
              },
            },
            () => place.label,
          ),
      })
    }
  })
}
