// The toolbar's groups in display order, and the shortcuts the help panel lists.
import { alignToolbar } from './align'
import { blocksToolbar } from './blocks'
import { formattingToolbar } from './formatting'
import { historyToolbar } from './history'
import { mediaToolbar } from './media'
import { tableToolbar } from './table'
import type { ToolbarGroup } from './types'

export type { ToolbarContext, ToolbarGroup, ToolbarItem } from './types'

export const toolbarGroups: ToolbarGroup[] = [historyToolbar, formattingToolbar, blocksToolbar, alignToolbar, mediaToolbar, tableToolbar]

/** Markdown-style shortcuts typed at the start of a line or around text (Tiptap input rules). */
export const markdownShortcuts: { typed: string; result: string }[] = [
  { typed: '# ', result: 'Heading 1 (## for 2, up to ######)' },
  { typed: '- or * ', result: 'Bulleted list' },
  { typed: '1. ', result: 'Numbered list' },
  { typed: '> ', result: 'Quote' },
  { typed: '```', result: 'Code block' },
  { typed: '---', result: 'Divider' },
  { typed: '**text**', result: 'Bold' },
  { typed: '*text*', result: 'Italic' },
  { typed: '~~text~~', result: 'Strikethrough' },
  { typed: '`text`', result: 'Inline code' },
]

/** "Mod-Shift-B" → "Ctrl+Shift+B" (or ⌘ on macOS). */
export function formatShortcut(shortcut: string, isMac = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '')): string {
  return shortcut.replace(/Mod/g, isMac ? '⌘' : 'Ctrl').replace(/-/g, '+')
}
