// Toolbar items of text alignment (TextAlign on paragraphs and headings).
import type { MessageKey } from '@/session/i18n'
import type { ToolbarGroup, ToolbarItem } from './types'

const align = (value: 'left' | 'center' | 'right' | 'justify', label: MessageKey, text: string, key: string): ToolbarItem => ({
  id: `align-${value}`,
  label: { key: label },
  text,
  shortcut: `Mod-Shift-${key}`,
  isActive: (editor) => (value === 'left' ? !['center', 'right', 'justify'].some((other) => editor.isActive({ textAlign: other })) : editor.isActive({ textAlign: value })),
  // Left is the default: unset rather than written out on every paragraph.
  run: ({ editor }) => (value === 'left' ? editor.chain().focus().unsetTextAlign().run() : editor.chain().focus().setTextAlign(value).run()),
})

export const alignToolbar: ToolbarGroup = {
  id: 'align',
  label: { key: 'editor.toolbar.groups.align' },
  items: [
    align('left', 'editor.toolbar.alignLeft', '⇤', 'L'),
    align('center', 'editor.toolbar.alignCentre', '↔', 'E'),
    align('right', 'editor.toolbar.alignRight', '⇥', 'R'),
    align('justify', 'editor.toolbar.justify', '☰', 'J'),
  ],
}
