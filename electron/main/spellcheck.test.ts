// @vitest-environment node
// The spell checker's languages and the editable fields' context menu (pure: no Electron needed).
import { describe, expect, it, vi } from 'vitest'
import { editableContextMenu, spellCheckerLanguages, writingLanguages } from './spellcheck'

describe('spellCheckerLanguages', () => {
  const available = ['de-DE', 'en-GB', 'en-US', 'fr', 'pt-BR']
  it('takes the user’s languages in order, by base language where no exact dictionary exists', () => {
    expect(spellCheckerLanguages(['de-CH', 'fr-FR', 'en-GB', 'ja-JP'], available)).toEqual(['de-DE', 'fr', 'en-GB'])
  })
  it('falls back to US English', () => {
    expect(spellCheckerLanguages(['ja-JP'], available)).toEqual(['en-US'])
  })
})

describe('writingLanguages', () => {
  const available = ['de-DE', 'en-GB', 'en-US', 'zh-CN']
  it('checks the language being written first, then the user’s own', () => {
    expect(writingLanguages('zh-CN', ['de-CH', 'en-GB'], available)).toEqual(['zh-CN', 'de-DE', 'en-GB'])
    expect(writingLanguages('en', ['de-CH'], available)).toEqual(['en-GB', 'de-DE'])
  })
  it('is the user’s own languages when nothing is being written, or the language has no dictionary', () => {
    expect(writingLanguages(null, ['de-CH'], available)).toEqual(['de-DE'])
    expect(writingLanguages('ja', ['de-CH'], available)).toEqual(['de-DE'])
  })
})

describe('editableContextMenu', () => {
  it('offers the suggestions for a misspelled word, and replaces or learns it', () => {
    const actions = { replace: vi.fn(), learn: vi.fn() }
    const menu = editableContextMenu({ isEditable: true, misspelledWord: 'linnen', dictionarySuggestions: ['linen', 'linden'] }, actions)
    expect(menu.slice(0, 3).map((item) => item.label)).toEqual(['linen', 'linden', 'Add “linnen” to dictionary'])
    menu[0]!.click!({} as never, undefined, {} as never)
    menu[2]!.click!({} as never, undefined, {} as never)
    expect(actions.replace).toHaveBeenCalledWith('linen')
    expect(actions.learn).toHaveBeenCalledWith('linnen')
    expect(menu.map((item) => item.role).filter(Boolean)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'])
  })
  it('says when there is no suggestion, and shows no menu outside editable fields', () => {
    expect(editableContextMenu({ isEditable: true, misspelledWord: 'qwzx', dictionarySuggestions: [] }, { replace: vi.fn(), learn: vi.fn() })[0]).toEqual({ label: 'No suggestions', enabled: false })
    expect(editableContextMenu({ isEditable: false, misspelledWord: '', dictionarySuggestions: [] }, { replace: vi.fn(), learn: vi.fn() })).toEqual([])
  })
})
