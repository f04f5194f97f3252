// Toolbar items of the text blocks: paragraph, headings, lists, quote, code block, divider.
import type { ToolbarGroup, ToolbarItem } from './types'

const heading = (level: 1 | 2 | 3 | 4): ToolbarItem => ({
  id: `heading-${level}`,
  label: { key: 'editor.toolbar.heading', params: { level } },
  text: `H${level}`,
  shortcut: `Mod-Alt-${level}`,
  isActive: (editor) => editor.isActive('heading', { level }),
  run: ({ editor }) => editor.chain().focus().toggleHeading({ level }).run(),
})

export const blocksToolbar: ToolbarGroup = {
  id: 'blocks',
  label: { key: 'editor.toolbar.groups.blocks' },
  items: [
    { id: 'paragraph', label: { key: 'editor.toolbar.paragraph' }, text: '¶', shortcut: 'Mod-Alt-0', isActive: (editor) => editor.isActive('paragraph'), run: ({ editor }) => editor.chain().focus().setParagraph().run() },
    heading(1),
    heading(2),
    heading(3),
    heading(4),
    { id: 'bullet-list', label: { key: 'editor.toolbar.bulletList' }, text: { key: 'editor.toolbar.bulletListText' }, shortcut: 'Mod-Shift-8', isActive: (editor) => editor.isActive('bulletList'), run: ({ editor }) => editor.chain().focus().toggleBulletList().run() },
    { id: 'ordered-list', label: { key: 'editor.toolbar.orderedList' }, text: { key: 'editor.toolbar.orderedListText' }, shortcut: 'Mod-Shift-7', isActive: (editor) => editor.isActive('orderedList'), run: ({ editor }) => editor.chain().focus().toggleOrderedList().run() },
    { id: 'blockquote', label: { key: 'editor.toolbar.quote' }, text: '“ ”', shortcut: 'Mod-Shift-B', isActive: (editor) => editor.isActive('blockquote'), run: ({ editor }) => editor.chain().focus().toggleBlockquote().run() },
    { id: 'code-block', label: { key: 'editor.toolbar.codeBlock' }, text: '{ }', shortcut: 'Mod-Alt-C', isActive: (editor) => editor.isActive('codeBlock'), run: ({ editor }) => editor.chain().focus().toggleCodeBlock().run() },
    { id: 'horizontal-rule', label: { key: 'editor.toolbar.divider' }, text: '―', run: ({ editor }) => editor.chain().focus().setHorizontalRule().run() },
  ],
}
