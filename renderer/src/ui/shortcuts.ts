// The app-wide keyboard shortcuts as data, and the reading of key presses into them: `?` for
// the shortcut panel, `/` for the screen's search, and `g` followed by a letter to go to a
// screen. Pure (no DOM listeners), so the rules — what counts as typing, how long `g` waits
// for its letter — are tested on their own; shell/use-app-shortcuts.ts wires it to the
// window.

/** Where `g` then a letter goes. */
export const GO_TARGETS = [
  { key: 'o', path: '/orders', label: 'Orders' },
  { key: 'u', path: '/customers', label: 'Customers' },
  { key: 'c', path: '/checkouts', label: 'Abandoned checkouts' },
  { key: 'b', path: '/blogs', label: 'Blogs' },
  { key: 'l', path: '/collections', label: 'Collections' },
  { key: 'm', path: '/meta-fields', label: 'Meta fields' },
  { key: 'd', path: '/dashboard', label: 'Dashboard' },
  { key: 's', path: '/settings', label: 'Settings' },
] as const

/** What the panel lists, in its order. */
export const SHORTCUTS: readonly { keys: string[]; does: string }[] = [
  { keys: ['?'], does: 'Show these shortcuts' },
  { keys: ['/'], does: 'Search on this screen' },
  ...GO_TARGETS.map((target) => ({ keys: ['g', target.key], does: `Go to ${target.label}` })),
  // Read by the undo bar (features/sync/UndoBar.vue), listed here with the others.
  { keys: ['Ctrl+Z'], does: 'Undo the last order change while it waits to be sent (⌘Z on a Mac)' },
]

/** How long `g` waits for its letter. */
export const GO_WAIT_MS = 1500

export type ShortcutAction = { kind: 'panel' } | { kind: 'search' } | { kind: 'go'; path: string }

/** The parts of a keydown the reader looks at (a KeyboardEvent has them all). */
export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** True when the key went to something the user types into (see isTypingTarget). */
  typing: boolean
  timeStamp: number
}

/** Text fields, selects and rich-text editors keep their keys: a writer's `g` is a letter. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  const element = target as HTMLElement
  if (element.isContentEditable) return true
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]') !== null
}

/** Turns key presses into shortcuts; keeps the `g` that waits for its letter. */
export class ShortcutReader {
  private goSince: number | null = null

  /** The shortcut this press completes, or null (the press is then left to the page). */
  read(press: KeyPress): ShortcutAction | null {
    if (press.typing || press.ctrlKey || press.metaKey || press.altKey) {
      this.goSince = null
      return null
    }
    const waiting = this.goSince !== null && press.timeStamp - this.goSince <= GO_WAIT_MS
    this.goSince = null
    if (waiting) {
      const target = GO_TARGETS.find((t) => t.key === press.key.toLowerCase())
      if (target) return { kind: 'go', path: target.path }
    }
    if (press.key === '?') return { kind: 'panel' }
    if (press.key === '/') return { kind: 'search' }
    if (press.key === 'g') this.goSince = press.timeStamp
    return null
  }
}
