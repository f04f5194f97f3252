// Toolbar items of the inline marks: bold, italic, underline, strike, inline code.
import type { ToolbarGroup } from './types'

export const formattingToolbar: ToolbarGroup = {
  id: 'formatting',
  label: { key: 'editor.toolbar.groups.formatting' },
  items: [
    { id: 'bold', label: { key: 'editor.toolbar.bold' }, text: 'B', shortcut: 'Mod-B', isActive: (editor) => editor.isActive('bold'), run: ({ editor }) => editor.chain().focus().toggleBold().run() },
    { id: 'italic', label: { key: 'editor.toolbar.italic' }, text: 'I', shortcut: 'Mod-I', isActive: (editor) => editor.isActive('italic'), run: ({ editor }) => editor.chain().focus().toggleItalic().run() },
    { id: 'underline', label: { key: 'editor.toolbar.underline' }, text: 'U', shortcut: 'Mod-U', isActive: (editor) => editor.isActive('underline'), run: ({ editor }) => editor.chain().focus().toggleUnderline().run() },
    { id: 'strike', label: { key: 'editor.toolbar.strike' }, text: 'S', shortcut: 'Mod-Shift-S', isActive: (editor) => editor.isActive('strike'), run: ({ editor }) => editor.chain().focus().toggleStrike().run() },
    { id: 'code', label: { key: 'editor.toolbar.code' }, text: '</>', shortcut: 'Mod-E', isActive: (editor) => editor.isActive('code'), run: ({ editor }) => editor.chain().focus().toggleCode().run() },
  ],
}
