// The active row of a VirtualGrid and the keys that move it: arrows, Page Up/Down (a screenful,
// from the grid's height), Home, End, and Enter to open the row. The row moved to is scrolled
// into view; a page adds its own keys (selection, Escape) to the ones here.
import { computed, ref, watch } from 'vue'
import { useElementSize } from '@vueuse/core'
import { useDensityStore } from '@/session/density-store'

/** What a VirtualGrid offers the page that drives it. */
export interface VirtualGridHandle {
  /** The box the rows scroll in, for its size. */
  readonly body: HTMLElement | null
  scrollToIndex(index: number): void
  /** Focuses the grid without scrolling it. */
  focus(): void
}

export function useGridCursor(options: {
  rows: () => number
  open: (index: number) => void
  /** Called with the row about to be shown, before the grid scrolls to it. */
  beforeMove?: (index: number) => void
}) {
  const density = useDensityStore()
  const grid = ref<VirtualGridHandle | null>(null)
  const { height: bodyHeight } = useElementSize(computed(() => grid.value?.body ?? null))
  const viewportRows = computed(() => Math.max(1, Math.floor(bodyHeight.value / density.rowHeight)))
  const active = ref(0)
  watch(options.rows, (n) => {
    if (active.value >= n) active.value = 0
  })

  function moveTo(index: number) {
    const n = options.rows()
    if (n === 0) return
    active.value = Math.max(0, Math.min(n - 1, index))
    options.beforeMove?.(active.value)
    grid.value?.scrollToIndex(active.value)
  }

  /** The moving keys; a page spreads its own over them. */
  function cursorKeys(): Record<string, () => void> {
    return {
      ArrowDown: () => moveTo(active.value + 1),
      ArrowUp: () => moveTo(active.value - 1),
      PageDown: () => moveTo(active.value + viewportRows.value),
      PageUp: () => moveTo(active.value - viewportRows.value),
      Home: () => moveTo(0),
      End: () => moveTo(options.rows() - 1),
      Enter: () => {
        if (active.value < options.rows()) options.open(active.value)
      },
    }
  }
  /** Runs the key's action, if it has one, instead of the browser's. */
  function press(e: KeyboardEvent, keys: Record<string, () => void>) {
    const action = keys[e.key]
    if (!action) return
    e.preventDefault()
    action()
  }

  return { grid, active, bodyHeight, viewportRows, moveTo, cursorKeys, press }
}
