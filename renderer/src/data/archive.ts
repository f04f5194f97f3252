// The export of what exists only on this computer for a store (drafts, revisions, unsent
// writes) as ONE self-contained HTML file, downloaded the same way in both shells. A writer
// opens it in any browser and reads every post as it would look, each with its revisions; the
// same data is embedded as JSON (`<script type="application/json" id="storedesk-data">`) for a
// program to read back. One file rather than a .zip of one HTML file per post: the app has no
// zip library, and one file a double-click opens is what a writer can use.
import type { BlogDraft, BlogFields, BlogRevision, CachedBlog, OutboxEntry, StoreDatabase } from './db'

export interface ArchiveInput {
  store: { label: string; shop: string }
  exportedAt: Date
  drafts: BlogDraft[]
  revisions: BlogRevision[]
  /** Posts with unsent writes (their cached rows hold what was written). */
  pendingPosts: CachedBlog[]
  unsent: OutboxEntry[]
}

export interface ArchivePost {
  key: string
  title: string
  fields: BlogFields
  /** Where the text shown comes from: the editor's draft, an unsent write, or the latest revision. */
  source: 'draft' | 'unsent' | 'revision'
  revisions: BlogRevision[]
}

/** Each post once, with the newest text this computer has of it, and its revisions newest first. */
export function archivePosts(input: Pick<ArchiveInput, 'drafts' | 'revisions' | 'pendingPosts'>): ArchivePost[] {
  const posts = new Map<string, ArchivePost>()
  const revisionsOf = (key: string) => input.revisions.filter((r) => r.key === key).sort((a, b) => b.createdAt - a.createdAt)
  const add = (key: string, fields: BlogFields, source: ArchivePost['source']) => {
    if (!posts.has(key)) posts.set(key, { key, title: fields.title?.trim() || 'Untitled post', fields, source, revisions: revisionsOf(key) })
  }
  for (const draft of input.drafts) add(draft.key, draft.fields, 'draft')
  for (const row of input.pendingPosts) add(row.key, row, 'unsent')
  for (const revision of [...input.revisions].sort((a, b) => b.createdAt - a.createdAt)) add(revision.key, revision.fields, 'revision')
  return [...posts.values()]
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const SOURCE_NOTE: Record<ArchivePost['source'], string> = {
  draft: 'The draft saved on this computer.',
  unsent: 'Written on this computer and not yet sent to the store.',
  revision: 'The latest revision saved on this computer.',
}

const when = (ms: number) => new Date(ms).toLocaleString('en')

function postHtml(post: ArchivePost, index: number): string {
  const revisions = post.revisions
    .map((r) => `<section class="revision"><h4>${escapeHtml(when(r.createdAt))} (${escapeHtml(r.reason)})</h4><div class="content">${r.fields.content ?? ''}</div></section>`)
    .join('\n')
  return `<article id="post-${index + 1}">
<h2>${escapeHtml(post.title)}</h2>
<p class="note">${SOURCE_NOTE[post.source]}</p>
<div class="content">${post.fields.content ?? ''}</div>
${post.revisions.length > 0 ? `<details><summary>${post.revisions.length} revision${post.revisions.length === 1 ? '' : 's'}</summary>\n${revisions}\n</details>` : ''}
</article>`
}

/** The archive file's text. */
export function buildArchive(input: ArchiveInput): string {
  const posts = archivePosts(input)
  const data = {
    format: 'storedesk-local-data',
    version: 1,
    store: input.store,
    exportedAt: input.exportedAt.toISOString(),
    posts: posts.map(({ key, title, fields, source }) => ({ key, title, fields, source })),
    drafts: input.drafts,
    revisions: input.revisions,
    unsent: input.unsent.map(({ id, kind, label, createdAt, write }) => ({ id, kind, label, createdAt, write })),
  }
  // `<` escaped so no text inside the data can close the script element.
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c')
  const title = `Drafts and revisions from ${input.store.label}`
  const unsent = input.unsent.map((e) => `<li>${escapeHtml(e.label)}</li>`).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.6 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
article { border-top: 1px solid #ccc; padding-top: 1rem; margin-top: 2rem; }
.note { color: #555; font-style: italic; }
.revision { border-left: 3px solid #ccc; padding-left: 1rem; margin: 1rem 0; }
img { max-width: 100%; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Saved by Storedesk on ${escapeHtml(input.exportedAt.toLocaleString('en'))} from ${escapeHtml(input.store.label)} (${escapeHtml(input.store.shop)}).</p>
${posts.length > 0 ? `<nav aria-label="Posts"><ol>${posts.map((p, i) => `<li><a href="#post-${i + 1}">${escapeHtml(p.title)}</a></li>`).join('')}</ol></nav>` : '<p>No drafts or revisions.</p>'}
${posts.map(postHtml).join('\n')}
${input.unsent.length > 0 ? `<h2>Changes not yet sent to the store</h2>\n<ul>\n${unsent}\n</ul>` : ''}
<script type="application/json" id="storedesk-data">
${json}
</script>
</body>
</html>
`
}

/** Reads what the archive holds from a store's database. */
export async function readArchiveInput(db: StoreDatabase, store: ArchiveInput['store']): Promise<ArchiveInput> {
  const [drafts, revisions, pendingPosts, unsent] = await Promise.all([
    db.blogDrafts.toArray(),
    db.blogRevisions.toArray(),
    db.blogs.filter((row) => row.pending === true).toArray(),
    db.outbox.orderBy('id').toArray(),
  ])
  return { store, exportedAt: new Date(), drafts, revisions, pendingPosts, unsent }
}

/** `storedesk-demo-store-2026-12-01.html` */
export function archiveFileName(label: string, at: Date): string {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'store'
  return `storedesk-${slug}-${at.toISOString().slice(0, 10)}.html`
}

/**
 * Downloads the archive of a store's database. A download rather than a folder the user picks:
 * the browser shell can do nothing else, and Electron shows its own save dialog for it.
 */
export async function downloadArchive(db: StoreDatabase, store: ArchiveInput['store']): Promise<void> {
  const input = await readArchiveInput(db, store)
  const url = URL.createObjectURL(new Blob([buildArchive(input)], { type: 'text/html' }))
  const link = document.createElement('a')
  link.href = url
  link.download = archiveFileName(store.label, input.exportedAt)
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
