// The order list as a grid: the window of rows read as it scrolls (and more when a denser list
// shows more), the active row and the keys that move it (arrows, Page Up/Down, Home, End; Enter
// opens, Space selects, Shift extends, Escape clears), and the selection (order-selection.ts),
// which a filter that picks other orders clears and leaving the list keeps (selection-memory.ts).
import { computed, ref, shallowRef, watch, type Ref } from 'vue'
import { useGridCursor } from '@/ui/use-grid-cursor'
import { useDensityStore } from '@/session/density-store'
import { useConnectionsStore } from '@/session/connections-store'
import { type OrderQuery } from '@/data'
import { keepSelection, keptSelection } from './selection-memory'
import { EMPTY_SELECTION, isSelected, resolveSelection, sameFilter, selectedCount, selectRange, setRows, toggle, type OrderSelection } from './order-selection'
import type { useOrderList } from './use-order-list'

export function useOrderGrid(options: {
  list: ReturnType<typeof useOrderList>
  query: Ref<OrderQuery>
  open: (id: number) => void
}) {
  const { list, query } = options
  const density = useDensityStore()
  const scrollTop = ref(0)
  const { grid, active, bodyHeight, viewportRows, moveTo, cursorKeys, press } = useGridCursor({
    rows: () => list.ids.value.length,
    open: (index) => options.open(list.ids.value[index]!),
    beforeMove: (index) => list.setWindow(index - 20, viewportRows.value + 40),
  })

  // ---------------------------------------------------------------- window
  function onScroll(event: { target: unknown }) {
    const top = (event.target as { scrollTop: number }).scrollTop
    scrollTop.value = top
    const first = Math.floor(top / density.rowHeight)
    list.setWindow(first - 10, viewportRows.value + 30)
    if (list.storeHasMore.value && first + viewportRows.value * 2 > list.ids.value.length) list.loadMoreFromStore()
  }
  // A denser list shows more rows at once: read enough of them.
  watch(viewportRows, (rows) => list.setWindow(Math.floor(scrollTop.value / density.rowHeight) - 10, rows + 30), { immediate: true })

  // ---------------------------------------------------------------- selection
  const connections = useConnectionsStore()
  const selection = shallowRef<OrderSelection>(keptSelection(connections.activeId, query.value) ?? EMPTY_SELECTION)
  watch(selection, (value) => keepSelection(connections.activeId, query.value, value))
  // Another filter picks other orders: the selection made under the last one goes (the sort keeps it).
  watch(query, (next, previous) => {
    if (!sameFilter(next, previous)) selection.value = EMPTY_SELECTION
  })
  const count = computed(() => selectedCount(selection.value, list.ids.value))
  const selected = (id: number) => isSelected(selection.value, id)

  /** The rows on screen now (the "page" of a virtual list). */
  const visibleIds = computed(() => {
    const first = Math.floor(scrollTop.value / density.rowHeight)
    const last = Math.ceil((scrollTop.value + bodyHeight.value) / density.rowHeight)
    return list.ids.value.slice(first, Math.max(first + 1, last))
  })
  const pageSelected = computed(() => visibleIds.value.length > 0 && visibleIds.value.every(selected))

  function onRowCheck(id: number, index: number, event: MouseEvent) {
    active.value = index
    selection.value = event.shiftKey ? selectRange(selection.value, list.ids.value, id) : toggle(selection.value, id)
    // The grid keeps the keyboard: Space and Shift+Arrow carry on from the clicked row.
    grid.value?.focus()
  }
  function onHeaderCheck() {
    selection.value = count.value > 0 ? EMPTY_SELECTION : setRows(selection.value, visibleIds.value, true)
  }
  function clearSelection() {
    selection.value = EMPTY_SELECTION
  }

  /** The selected orders' IDs, in the list's order, resolved from the cache's index now. */
  function selectedIds(): number[] {
    return resolveSelection(selection.value, list.ids.value, (q) => list.answer(q) ?? list.ids.value)
  }

  // ---------------------------------------------------------------- keyboard
  function onKeydown(e: KeyboardEvent) {
    const activeOrder = () => list.ids.value[active.value]
    /** Shift+Arrow: the selection grows from where it started to the row moved to. */
    const extendTo = (index: number) => {
      const from = activeOrder()
      if (from === undefined) return
      if (selection.value.anchor === null || !isSelected(selection.value, selection.value.anchor)) {
        selection.value = isSelected(selection.value, from) ? { ...selection.value, anchor: from } : toggle(selection.value, from)
      }
      moveTo(index)
      const to = activeOrder()
      if (to !== undefined) selection.value = selectRange(selection.value, list.ids.value, to, true)
    }
    press(e, {
      ...cursorKeys(),
      ...(e.shiftKey && { ArrowDown: () => extendTo(active.value + 1), ArrowUp: () => extendTo(active.value - 1) }),
      ' ': () => {
        const id = activeOrder()
        if (id === undefined) return
        selection.value = e.shiftKey ? selectRange(selection.value, list.ids.value, id, true) : toggle(selection.value, id)
      },
      // Escape stays the browser's (a dialog's, the window's) while nothing is selected.
      ...(count.value > 0 && { Escape: clearSelection }),
    })
  }

  return {
    grid, active, onScroll, onKeydown,
    selection, count, selected, pageSelected, onRowCheck, onHeaderCheck, clearSelection, selectedIds,
  }
}
