// What the store made of each tracking write of a scanner session, live: its outbox entry (in
// its undo window, queued, stopped by a conflict or refused) and, once it has left the outbox,
// its history (accepted, undone). A write stopped after its undo window (the replayer read the
// order again and found it fulfilled elsewhere) is announced at once through `onStopped`, not
// only on the Sync page. The decisions are scanner-summary.ts's.
import { computed, ref, watch, type MaybeRefOrGetter, type Ref } from 'vue'
import { useIntervalFn } from '@vueuse/core'
import { writesByIds, historyFor, useLiveQuery, type ConflictRecord, type OutboxEntry, type StoreDatabase, type WriteEvent } from '@/data'
import type { ScannedEntry } from './scanner'
import { writeOutcome, type WriteOutcome } from './scanner-summary'

interface WriteRecord {
  entry: OutboxEntry | undefined
  conflict: ConflictRecord | undefined
  history: WriteEvent[]
}

export function useScannerOutcomes(
  done: Ref<readonly ScannedEntry[]>,
  onStopped: (entry: ScannedEntry, message: string) => void,
  database: MaybeRefOrGetter<StoreDatabase | null>,
) {
  const records = useLiveQuery(
    async (db) => {
      const handles = done.value.map((d) => d.handle)
      const writes = await writesByIds(db, handles)
      const histories = new Map<number, WriteEvent[]>()
      for (const orderId of new Set(done.value.map((d) => d.order.ID))) histories.set(orderId, await historyFor(db, { family: 'orders', id: orderId }))
      return new Map<number, WriteRecord>(
        done.value.map((d, i) => [d.handle, { ...writes[i]!, history: (histories.get(d.order.ID) ?? []).filter((e) => e.outboxId === d.handle) }]),
      )
    },
    [done],
    new Map<number, WriteRecord>(),
    database,
  )
  // An undo window ends without any write to the database: the clock moves "waiting" on.
  const now = ref(Date.now())
  useIntervalFn(() => (now.value = Date.now()), 1000)

  const outcomes = computed(() => {
    const map = new Map<number, WriteOutcome>()
    for (const d of done.value) {
      const record = records.value.get(d.handle)
      if (record) map.set(d.handle, writeOutcome(record.entry, record.history, record.conflict, d.order.number, now.value))
    }
    return map
  })

  const announced = new Set<number>()
  watch(outcomes, (map) => {
    for (const d of done.value) {
      const outcome = map.get(d.handle)
      if (outcome?.kind === 'stopped' && !announced.has(d.handle)) {
        announced.add(d.handle)
        onStopped(d, outcome.message)
      }
    }
  })

  return { outcomes }
}
