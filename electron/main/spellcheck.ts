// Spell checking in the Electron shell. The session checks in the user's own languages (the
// system's preferred ones that Chromium has dictionaries for), and an editable field's context
// menu offers the suggestions for a misspelled word. The menu is native and built here from the
// `context-menu` event's own suggestions, so nothing has to reach the renderer: no IPC channel.
// The renderer's part is `spellcheck="true"` on the fields, and the language being written: the
// blog editor names its post's language (app.setSpellCheckLanguage), which is checked first, the
// user's own languages after it. macOS uses the system's checker, which chooses its languages
// itself.
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron'

/** Dictionaries for `preferred` ("de-CH" falls back to a "de-…" dictionary), in the user's order; US English when none match. */
export function spellCheckerLanguages(preferred: readonly string[], available: readonly string[]): string[] {
  const chosen: string[] = []
  const add = (language: string | undefined) => {
    if (language && !chosen.includes(language)) chosen.push(language)
  }
  for (const wanted of preferred) {
    const exact = available.find((language) => language.toLowerCase() === wanted.toLowerCase())
    const base = wanted.split('-')[0]!.toLowerCase()
    add(exact ?? available.find((language) => language.toLowerCase() === base || language.toLowerCase().startsWith(`${base}-`)))
  }
  if (chosen.length === 0) add(available.find((language) => language === 'en-US'))
  return chosen
}

/** The dictionaries while `writing` is written: its own first, then the user's (as spellCheckerLanguages). */
export function writingLanguages(writing: string | null, preferred: readonly string[], available: readonly string[]): string[] {
  return spellCheckerLanguages(writing ? [writing, ...preferred] : preferred, available)
}

export interface SpellingActions {
  replace: (word: string) => void
  learn: (word: string) => void
}

/** The context menu of an editable field: suggestions first for a misspelled word, then the edit commands. */
export function editableContextMenu(params: Pick<ContextMenuParams, 'isEditable' | 'misspelledWord' | 'dictionarySuggestions'>, actions: SpellingActions): MenuItemConstructorOptions[] {
  if (!params.isEditable) return []
  const spelling: MenuItemConstructorOptions[] = []
  if (params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 6)
    if (suggestions.length === 0) spelling.push({ label: 'No suggestions', enabled: false })
    for (const suggestion of suggestions) spelling.push({ label: suggestion, click: () => actions.replace(suggestion) })
    spelling.push({ label: `Add “${params.misspelledWord}” to dictionary`, click: () => actions.learn(params.misspelledWord) }, { type: 'separator' })
  }
  return [...spelling, { role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }]
}
