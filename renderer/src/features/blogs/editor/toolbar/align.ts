// Toolbar items of text alignment (TextAlign on paragraphs and headings).
import type { ToolbarGroup, ToolbarItem } from './types'

const align = (value: 'left' | 'center' | 'right' | 'justify', label: string, text: string, key: string): ToolbarItem => ({
  id: `align-${value}`,
  label,
  text,
  shortcut: `Mod-Shift-${key}`,
  isActive: (editor) => editor.isActive({ textAlign: value }),
  run: ({ editor }) => editor.chain().focus().setTextAlign(value).run(),
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
