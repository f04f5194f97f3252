// Toolbar items of text alignment (TextAlign on paragraphs and headings).
import type { ToolbarGroup, ToolbarItem } from './types'

const align = (value: 'left' | 'center' | 'right' | 'justify', label: string, text: string, key: string): ToolbarItem => ({
  id: `align-${value}`,
  label,
  text,
  shortcut: `Mod-Shift-${key}`,
  isActive: (editor) => (value === 'left' ? !['center', 'right', 'justify'].some((other) => editor.isActive({ textAlign: other })) : editor.isActive({ textAlign: value })),
  // Left is the default: unset rather than written out on every paragraph.
  run: ({ editor }) => (value === 'left' ? editor.chain().focus().unsetTextAlign().run() : editor.chain().focus().setTextAlign(value).run()),
})

export const alignToolbar: ToolbarGroup = {
  id: 'align',
  label: 'Alignment',
  items: [
    align('left', 'Align left', '⇤', 'L'),
    align('center', 'Align centre', '↔', 'E'),
    align('right', 'Align right', '⇥', 'R'),
    align('justify', 'Justify', '☰', 'J'),
  ],
}
