// The toolbar's groups in display order, and the shortcuts the help panel lists.
import { alignToolbar } from './align'
import { blocksToolbar } from './blocks'
import { formattingToolbar } from './formatting'
import { historyToolbar } from './history'
import { mediaToolbar } from './media'
import { tableToolbar } from './table'
import type { Message } from '@/session/i18n'
import type { ToolbarGroup } from './types'

export type { ToolbarContext, ToolbarGroup, ToolbarItem } from './types'

export const toolbarGroups: ToolbarGroup[] = [historyToolbar, formattingToolbar, blocksToolbar, alignToolbar, mediaToolbar, tableToolbar]

/** Markdown-style shortcuts typed at the start of a line or around text (Tiptap input rules). */
export const markdownShortcuts: { typed: string; result: Message }[] = [
  { typed: '# ', result: { key: 'editor.shortcuts.headings' } },
  { typed: '- or * ', result: { key: 'editor.toolbar.bulletList' } },
  { typed: '1. ', result: { key: 'editor.toolbar.orderedList' } },
  { typed: '> ', result: { key: 'editor.toolbar.quote' } },
  { typed: '```', result: { key: 'editor.toolbar.codeBlock' } },
  { typed: '---', result: { key: 'editor.toolbar.divider' } },
  { typed: '**text**', result: { key: 'editor.toolbar.bold' } },
  { typed: '*text*', result: { key: 'editor.toolbar.italic' } },
  { typed: '~~text~~', result: { key: 'editor.toolbar.strike' } },
  { typed: '`text`', result: { key: 'editor.toolbar.code' } },
]

/** "Mod-Shift-B" → "Ctrl+Shift+B" (or ⌘ on macOS). */
export function formatShortcut(shortcut: string, isMac = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '')): string {
  return shortcut.replace(/Mod/g, isMac ? '⌘' : 'Ctrl').replace(/-/g, '+')
}
