// Toolbar items of undo, redo and find and replace.
import type { ToolbarGroup } from './types'

export const historyToolbar: ToolbarGroup = {
  id: 'history',
  label: 'History and search',
  items: [
    { id: 'undo', label: 'Undo', text: '↶', shortcut: 'Mod-Z', run: ({ editor }) => editor.chain().focus().undo().run() },
    { id: 'redo', label: 'Redo', text: '↷', shortcut: 'Mod-Shift-Z', run: ({ editor }) => editor.chain().focus().redo().run() },
    { id: 'find', label: 'Find and replace', text: 'Find', shortcut: 'Mod-F', run: ({ toggleFind }) => toggleFind() },
  ],
}
