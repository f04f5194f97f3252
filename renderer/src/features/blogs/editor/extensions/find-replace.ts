// Find and replace inside the post: matches are decorations (the document is not touched until
// a replace), recomputed only while a search term is set, so typing costs nothing otherwise.
import { Extension } from '@tiptap/core'
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'

export interface FindMatch {
  from: number
  to: number
}

export interface FindState {
  term: string
  caseSensitive: boolean
  matches: FindMatch[]
  current: number
  decorations: DecorationSet
}

export const findReplaceKey = new PluginKey<FindState>('findReplace')

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    findReplace: {
      setSearchTerm: (term: string, caseSensitive?: boolean) => ReturnType
      findNext: () => ReturnType
      findPrevious: () => ReturnType
      replaceCurrent: (replacement: string) => ReturnType
      replaceAll: (replacement: string) => ReturnType
    }
  }
}

function findMatches(doc: ProseMirrorNode, term: string, caseSensitive: boolean): FindMatch[] {
  if (!term) return []
  const needle = caseSensitive ? term : term.toLowerCase()
  const matches: FindMatch[] = []
  doc.descendants((node, position) => {
    if (!node.isText || !node.text) return
    const haystack = caseSensitive ? node.text : node.text.toLowerCase()
    let index = haystack.indexOf(needle)
    while (index >= 0) {
      matches.push({ from: position + index, to: position + index + needle.length })
      index = haystack.indexOf(needle, index + needle.length)
    }
  })
  return matches
}

function decorate(doc: ProseMirrorNode, matches: FindMatch[], current: number): DecorationSet {
  return DecorationSet.create(doc, matches.map((match, index) =>
    Decoration.inline(match.from, match.to, { class: index === current ? 'sd-find-match sd-find-current' : 'sd-find-match' })))
}

function build(doc: ProseMirrorNode, term: string, caseSensitive: boolean, current: number): FindState {
  const matches = findMatches(doc, term, caseSensitive)
  const bounded = matches.length === 0 ? -1 : Math.min(Math.max(current, 0), matches.length - 1)
  return { term, caseSensitive, matches, current: bounded, decorations: decorate(doc, matches, bounded) }
}

type FindMeta = { term: string; caseSensitive: boolean } | { current: number }

export function getFindState(state: EditorState): FindState | undefined {
  return findReplaceKey.getState(state)
}

function moveTo(state: EditorState, dispatch: ((tr: Transaction) => void) | undefined, step: number): boolean {
  const find = getFindState(state)
  if (!find || find.matches.length === 0) return false
  const current = (find.current + step + find.matches.length) % find.matches.length
  const match = find.matches[current]
  if (dispatch && match) {
    const tr = state.tr.setMeta(findReplaceKey, { current } satisfies FindMeta)
    dispatch(tr)
  }
  return true
}

export const FindReplace = Extension.create({
  name: 'findReplace',

  addCommands() {
    return {
      setSearchTerm: (term: string, caseSensitive = false) => ({ tr, dispatch }) => {
        if (dispatch) tr.setMeta(findReplaceKey, { term, caseSensitive } satisfies FindMeta)
        return true
      },
      findNext: () => ({ state, dispatch }) => moveTo(state, dispatch, 1),
      findPrevious: () => ({ state, dispatch }) => moveTo(state, dispatch, -1),
      replaceCurrent: (replacement: string) => ({ state, tr, dispatch }) => {
        const find = getFindState(state)
        const match = find?.matches[find.current]
        if (!match) return false
        if (dispatch) tr.insertText(replacement, match.from, match.to)
        return true
      },
      replaceAll: (replacement: string) => ({ state, tr, dispatch }) => {
        const find = getFindState(state)
        if (!find || find.matches.length === 0) return false
        if (dispatch) {
          // From the end, so earlier positions stay valid.
          for (const match of [...find.matches].reverse()) tr.insertText(replacement, match.from, match.to)
        }
        return true
      },
    }
  },

  addProseMirrorPlugins() {
    return [
      new Plugin<FindState>({
        key: findReplaceKey,
        state: {
          init: (_config, state) => build(state.doc, '', false, -1),
          apply: (tr, previous, _oldState, newState) => {
            const meta = tr.getMeta(findReplaceKey) as FindMeta | undefined
            if (meta && 'term' in meta) return build(newState.doc, meta.term, meta.caseSensitive, 0)
            if (meta && 'current' in meta) return { ...previous, current: meta.current, decorations: decorate(newState.doc, previous.matches, meta.current) }
            if (tr.docChanged && previous.term) return build(newState.doc, previous.term, previous.caseSensitive, previous.current)
            return previous
          },
        },
        props: {
          decorations: (state) => findReplaceKey.getState(state)?.decorations,
        },
      }),
    ]
  },
})
