// A toolbar item, contributed by the module that owns the feature (Halo's per-extension
// `getToolbarItems`): the toolbar only lays them out, it knows nothing of any one block.
import type { Editor } from '@tiptap/core'
import type { Message } from '@/session/i18n'

/** Dialogs and panels the editor component provides to toolbar items. */
export interface ToolbarContext {
  editor: Editor
  openLinkDialog: () => void
  openImageDialog: () => void
  openVideoDialog: () => void
  toggleFind: () => void
}

export interface ToolbarItem {
  id: string
  /** Accessible name and tooltip. */
  label: Message
  /** Short visible text on the button: a word (a message) or a mark that is none ("B", "¶"). */
  text: Message | string
  /** Keyboard shortcut shown in the tooltip and the help panel (Mod = Ctrl, or ⌘ on macOS). */
  shortcut?: string
  isActive?: (editor: Editor) => boolean
  /** Shown only when this returns true (e.g. table tools inside a table). */
  isVisible?: (editor: Editor) => boolean
  run: (context: ToolbarContext) => void
}

export interface ToolbarGroup {
  id: string
  label: Message
  items: ToolbarItem[]
}
