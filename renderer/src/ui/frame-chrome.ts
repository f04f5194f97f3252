// The app frame's chrome (its sidebar) as a switch a screen can turn off while it asks for the
// whole window: the blog editor's focus mode. The frame provides the switch and turns it back
// on when the route changes; without a frame (a screen mounted alone in a test) it is a no-op.
import { inject, ref, type InjectionKey, type Ref } from 'vue'

export interface FrameChrome {
  /** True while a screen has the whole window. */
  hidden: Ref<boolean>
}

export const FRAME_CHROME: InjectionKey<FrameChrome> = Symbol('frame-chrome')

export function useFrameChrome(): FrameChrome {
  return inject(FRAME_CHROME, () => ({ hidden: ref(false) }), true)
}
