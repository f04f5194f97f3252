// Real posts stay as they were: every post of the shared corpus of real-world blog HTML
// (WordPress theme unit test data, an HTML5 element page, Gutenberg blocks) is opened in the
// editor, a word is typed at its end, and it is saved. Its code must be exactly as it was, nothing
// a reader sees may be lost without the report naming it, and the report may ask the writer for
// at most one post in ten. The corpus is third-party content kept beside the checkout
// (`../shared`), never copied into the project.
// The corpus is read from disk by a Node-side setup (scripts/blog-corpus.ts): the renderer's
// code, its tests included, has no Node.
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { checkFidelity } from './html-fidelity'
import { describeChange } from './fidelity-words'
import { audit, editAndSave, speaksInTags, TYPED_WORD } from './test-support/fidelity-audit'

const { places: CORPUS_PLACES, file: corpusFile, posts } = inject('blogCorpus')

beforeAll(() => {
  // happy-dom would try to fetch the corpus's iframe pages over the network.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean; disableJavaScriptFileLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true
})

describe('real posts stay as they were', () => {
  it('finds the shared corpus beside the checkout', () => {
    expect(corpusFile, `no corpus at ${CORPUS_PLACES.join(' or ')}`).toBeDefined()
    expect(posts.length).toBeGreaterThanOrEqual(50)
  })

  it('keeps code exactly, names every loss a reader would see, and asks for at most one post in ten', () => {
    const dialogs: string[] = []
    const reasons = new Map<string, number>()
    const problems: string[] = []
    for (const post of posts) {
      const saved = editAndSave(post.html)
      expect(saved, post.id).toContain(TYPED_WORD)
      const report = checkFidelity(post.html)
      const { codeChanged, unnamed } = audit(post.html, saved, report)
      for (const code of codeChanged) problems.push(`${post.id}: code changed: ${JSON.stringify(code.slice(0, 80))}`)
      for (const loss of unnamed) problems.push(`${post.id}: ${loss} lost without a word in the report`)
      for (const message of report.changes.map(describeChange)) {
        if (speaksInTags(message)) problems.push(`${post.id}: message in tags: ${message}`)
      }
      if (report.changed) {
        dialogs.push(post.id)
        for (const change of report.changes.filter((item) => item.visible)) {
          const reason = describeChange(change).replace(/“[^”]*”/g, '“…”').replace(/https?:\S+/g, '…').replace(/\d+/g, 'N')
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        }
      }
    }
    console.info([
      `Real-post corpus: ${posts.length} posts, dialog on ${dialogs.length} (${dialogs.join(', ') || 'none'})`,
      ...[...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `  ${count} × ${reason}`),
    ].join('\n'))
    expect(problems).toEqual([])
    expect(dialogs.length).toBeLessThanOrEqual(Math.floor(posts.length / 10))
  })
})
