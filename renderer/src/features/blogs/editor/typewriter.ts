// Typewriter scrolling: while the writer types or moves the cursor, the line being written
// stays at the middle of the view, as paper does under a typewriter's keys, so the eyes stay
// in one place. The view is whatever scrolls the editor (the window's main area, or focus
// mode's own pane). Measured once per animation frame, so fast typing costs one layout a frame.
import type { EditorView } from '@tiptap/pm/view'

/** The nearest ancestor that scrolls vertically (its content taller than it, overflow not visible). */
export function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflowY = getComputedStyle(node).overflowY
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return null
}

/** How far to scroll so a caret at `caretY` (its middle) sits at the middle of the box from `top` to `bottom`. */
export function typewriterOffset(caretY: number, top: number, bottom: number): number {
  return Math.round(caretY - (top + bottom) / 2)
}

export function createTypewriter(view: () => EditorView | undefined) {
  let frame = 0
  function centre() {
    frame = 0
    const current = view()
    if (!current || !current.hasFocus()) return
    const container = scrollParent(current.dom)
    if (!container) return
    const caret = current.coordsAtPos(current.state.selection.head)
    const box = container.getBoundingClientRect()
    const offset = typewriterOffset((caret.top + caret.bottom) / 2, Math.max(box.top, 0), Math.min(box.bottom, globalThis.innerHeight))
    if (Math.abs(offset) > 2) container.scrollBy({ top: offset, behavior: 'instant' })
  }
  return {
    /** After a change or a cursor move: the caret's line goes to the middle at the next frame. */
    schedule() {
      if (!frame) frame = globalThis.requestAnimationFrame(centre)
    },
    stop() {
      globalThis.cancelAnimationFrame(frame)
      frame = 0
    },
  }
}
