// Wires the shortcuts (ui/shortcuts.ts) to the window, and moves focus to the new screen's
// heading after a navigation, so a keyboard or screen-reader user starts at the top of what
// they went to rather than on a link that is no longer there.
import { nextTick, ref } from 'vue'
import { useRouter } from 'vue-router'
import { useEventListener } from '@vueuse/core'
import { isTypingTarget, ShortcutReader } from '@/ui/shortcuts'

/** A screen's search field is the first input in the main region whose name starts with "Search". */
const SEARCH_FIELD = '#main-content input[aria-label^="Search"]'
const HEADING = '#main-content h1'
/** Route components load lazily: the heading may appear a few frames after the navigation. */
const HEADING_WAIT_FRAMES = 30

export function useAppShortcuts() {
  const router = useRouter()
  const panelOpen = ref(false)
  const reader = new ShortcutReader()

  useEventListener(window, 'keydown', (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat) return
    // An open dialog (the panel included) owns the keyboard.
    if (document.querySelector('[role="dialog"][aria-modal="true"]')) return
    const action = reader.read({ ...pick(event), typing: isTypingTarget(event.target) })
    if (!action) return
    event.preventDefault()
    if (action.kind === 'panel') panelOpen.value = true
    else if (action.kind === 'search') focusSearch()
    else void router.push(action.path)
  })

  router.afterEach((to, from, failure) => {
    if (failure || from.matched.length === 0 || to.path === from.path) return
    // Someone typing (an editor that saved and took its new address) keeps their place.
    if (isTypingTarget(document.activeElement)) return
    void nextTick(() => focusHeading(HEADING_WAIT_FRAMES))
  })

  return { panelOpen }
}

function pick(event: KeyboardEvent) {
  return { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, timeStamp: event.timeStamp }
}

function focusSearch() {
  const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD)
  if (field) {
    field.focus()
    field.select()
  }
}

function focusHeading(framesLeft: number) {
  const heading = document.querySelector<HTMLElement>(HEADING)
  if (!heading) {
    if (framesLeft > 0) requestAnimationFrame(() => focusHeading(framesLeft - 1))
    return
  }
  if (isTypingTarget(document.activeElement)) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
}
