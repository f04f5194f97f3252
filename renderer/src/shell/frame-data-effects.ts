// The frame's watchers of the store's cache, apart from the frame so they load after its first
// paint (AppFrame.vue): the store's clock for every store time the app shows, and a notice when
// the store refuses a change. A component, so they live exactly as long as the frame; it
// renders nothing.
import { defineComponent } from 'vue'
import { useRefusedWriteNotices } from '@/features/sync/use-refused-write-notices'
import { useStoreClock } from './use-store-clock'

export default defineComponent({
  name: 'FrameDataEffects',
  setup() {
    useStoreClock()
    useRefusedWriteNotices()
    return () => null
  },
})
