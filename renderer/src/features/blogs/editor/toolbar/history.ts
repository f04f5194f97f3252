// Toolbar items of undo, redo and find and replace.
import type { ToolbarGroup } from './types'

export const historyToolbar: ToolbarGroup = {
  id: 'history',
  label: { key: 'editor.toolbar.groups.history' },
  items: [
    { id: 'undo', label: { key: 'editor.toolbar.undo' }, text: '↶', shortcut: 'Mod-Z', run: ({ editor }) => editor.chain().focus().undo().run() },
    { id: 'redo', label: { key: 'editor.toolbar.redo' }, text: '↷', shortcut: 'Mod-Shift-Z', run: ({ editor }) => editor.chain().focus().redo().run() },
    { id: 'find', label: { key: 'editor.toolbar.find' }, text: { key: 'editor.toolbar.findText' }, shortcut: 'Mod-F', run: ({ toggleFind }) => toggleFind() },
  ],
}
