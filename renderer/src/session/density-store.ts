// The order list's density: comfortable (two-line rows, the default) or compact (one short line
// per order, for an operator who scans many at once). A device setting beside the theme
// (settings.ts): a display preference of this computer, not store data.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { z } from 'zod'
import { deviceSetting, useSetting } from './settings'

const Density = z.enum(['comfortable', 'compact'])
export type Density = z.infer<typeof Density>
export const DENSITY = deviceSetting('density', Density, () => 'comfortable' as const, () => [{ key: 'storedesk.density' }])

/** A row's height in pixels (the order list is virtual: every row has the same height). */
export const ROW_HEIGHTS: Record<Density, number> = { comfortable: 56, compact: 28 }

export const useDensityStore = defineStore('density', () => {
  const density = useSetting(DENSITY)
  const rowHeight = computed(() => ROW_HEIGHTS[density.value])
  return { density, rowHeight }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDensityStore, import.meta.hot))
