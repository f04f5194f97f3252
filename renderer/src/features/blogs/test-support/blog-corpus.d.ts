// The shared corpus of real-world blog HTML, as a Node-side vitest setup (scripts/blog-corpus.ts)
// hands it to the renderer's tests: they run in the renderer's type scope, where Node's file
// system does not exist. Seen by both type scopes (tsconfig.node.json names this file).
export interface CorpusPost {
  id: string
  title: string
  source: string
  html: string
}

export interface BlogCorpus {
  /** Where the corpus was looked for, in order. */
  places: string[]
  /** The first of them that exists, if any. */
  file?: string
  posts: CorpusPost[]
}

declare module 'vitest' {
  interface ProvidedContext {
    blogCorpus: BlogCorpus
  }
}
