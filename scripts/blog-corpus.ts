// Vitest global setup of the renderer's tests: reads the shared corpus of real-world blog HTML
// (`../shared` beside the checkout, as on CI, then the machine-wide copy; third-party content,
// never copied into the project) and provides it to the tests that need it
// (html-fidelity.real-posts.test.ts), which cannot read a file: they run in the renderer's type
// scope, which has no Node.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { CorpusPost } from '../renderer/src/features/blogs/test-support/blog-corpus'

export default function provideBlogCorpus(project: TestProject): void {
  const places = [resolve(process.cwd(), '../shared/corpus/blog-html.json'), '/work/shared/corpus/blog-html.json']
  const file = places.find((place) => existsSync(place))
  const posts: CorpusPost[] = file ? JSON.parse(readFileSync(file, 'utf8')) : []
  project.provide('blogCorpus', { places, file, posts })
}
