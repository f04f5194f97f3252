// Wires keyboard-reorder.ts to the rows of the collection page: the key handler of each row's
// handle, the lifted preview, focus kept on the handle while Vue moves the rows, and a lift
// cancelled when focus leaves the handles.
import { computed, nextTick, ref, type Ref } from 'vue'
import type { RowKey } from '@/data'
import type { Message } from '@/session/i18n'
import { IDLE, cancelled, isReorderKey, previewOrder, reorderStep, type ReorderState } from './keyboard-reorder'
import type { ManualSortMove } from './reorder'

export function useKeyboardReorder(options: {
  order: Ref<RowKey[]>
  selected: Ref<Set<RowKey>>
  enabled: Ref<boolean>
  titleOf: (key: RowKey) => string
  announce: (message: Message) => void
  onMove: (move: ManualSortMove<RowKey>) => void
}) {
  const state = ref<ReorderState<RowKey>>(IDLE)
  /** The order when the lift started (the preview is computed from it). */
  const liftedFrom = ref<RowKey[]>([])
  const handles = new Map<RowKey, HTMLElement>()

  const preview = computed(() => (state.value.mode === 'lifted' ? previewOrder(liftedFrom.value, state.value) : null))
  const liftedKeys = computed(() => new Set(state.value.mode === 'lifted' ? state.value.moved : []))

  function handleRef(key: RowKey, el: unknown) {
    if (el instanceof HTMLElement) handles.set(key, el)
    else handles.delete(key)
  }

  async function onKey(event: KeyboardEvent, key: RowKey) {
    if (!isReorderKey(event.key) || !options.enabled.value) return
    if (state.value.mode === 'idle' && event.key !== ' ' && event.key !== 'Enter') return
    event.preventDefault()
    if (state.value.mode === 'idle') liftedFrom.value = [...options.order.value]
    const step = reorderStep(state.value, event.key, { order: liftedFrom.value, focused: key, selected: options.selected.value, titleOf: options.titleOf })
    state.value = step.state
    if (step.announcement) options.announce(step.announcement)
    if (step.move) options.onMove(step.move)
    // Vue moves the rows (which blurs the moved one): put focus back on the handle used.
    await nextTick()
    handles.get(key)?.focus()
  }

  function onBlur() {
    // Runs after the key handler has put focus back; only a real departure cancels.
    setTimeout(() => {
      if (state.value.mode !== 'lifted' || document.activeElement?.classList.contains('reorder-handle')) return
      const start = state.value.startPosition
      state.value = IDLE
      options.announce(cancelled(start, liftedFrom.value.length))
    })
  }

  return { state, preview, liftedKeys, handleRef, onKey, onBlur }
}
