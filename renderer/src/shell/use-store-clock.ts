// Hands the active store's UTC offset, as the data layer learns it from the store's own times,
// to the helpers every screen formats and picks store times with (ui/store-time.ts), for as
// long as the frame is up: a store switch, or a change of the store's zone, reaches them all.
import { onScopeDispose, watchEffect } from 'vue'
import { useStoreUtcOffset } from '@/data'
import { setStoreUtcOffset } from '@/ui/store-time'

export function useStoreClock(): void {
  const offset = useStoreUtcOffset()
  watchEffect(() => setStoreUtcOffset(offset.value))
  onScopeDispose(() => setStoreUtcOffset(null))
}
