// The order list's density: comfortable (two-line rows, the default) or compact (one short line
// per order, for an operator who scans many at once). Kept in localStorage beside the theme:
// a display preference of this computer, not store data.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { useStorage } from '@vueuse/core'

export type Density = 'comfortable' | 'compact'
export const DENSITY_STORAGE_KEY = 'storedesk.density'

/** A row's height in pixels (the order list is virtual: every row has the same height). */
export const ROW_HEIGHTS: Record<Density, number> = { comfortable: 56, compact: 28 }

export const useDensityStore = defineStore('density', () => {
  const stored = useStorage<string>(DENSITY_STORAGE_KEY, 'comfortable')
  const density = computed<Density>({
    get: () => (stored.value === 'compact' ? 'compact' : 'comfortable'),
    set: (value) => {
      stored.value = value
    },
  })
  const rowHeight = computed(() => ROW_HEIGHTS[density.value])
  return { density, rowHeight }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDensityStore, import.meta.hot))
