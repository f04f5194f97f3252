// The export of what exists only on this computer for a store (drafts, revisions, unsent
// writes), in the shape a writer can use without Storedesk: one standalone HTML file per post
// (its title, search fields and body, sanitised, opened by any browser), `revisions.json` with
// every revision of every post, `index.html` listing them, and `unsent-changes.json` when some
// changes were never sent. In Electron the main process asks for a folder and writes the files
// into a new folder there (localData.exportToFolder); the browser shell cannot write a folder,
// so it downloads the same files as one .zip. Loaded only when an export is asked for
// (local-data.ts), so the zip library stays out of the app's start. The words a person reads in
// the files (notes, headings, a revision's reason, dates) are in the app's language at the
// time of the export (the archive group of the catalogs); the posts' own text is as written.
import { strToU8, zipSync } from 'fflate'
import { api, shell } from '@/bridge'
import { intlLocale, t, uiLocale, PSEUDO_LOCALE } from '@/session/i18n'
import { slugify } from '@/lib/slug'
import { sanitizeForExport } from '@/lib/sanitize'
import { isWindowsDeviceName } from '@common/file-names'
import type { BlogDraft, BlogFields, BlogRevision, CachedBlog, OutboxEntry, StoreDatabase } from './db'
import type { StoredLabel } from './write-label'

export interface ArchiveInput {
  store: { label: string; shop: string }
  exportedAt: Date
  drafts: BlogDraft[]
  revisions: BlogRevision[]
  /** Posts with unsent writes (their cached rows hold what was written). */
  pendingPosts: CachedBlog[]
  unsent: OutboxEntry[]
  /** A write's label in words, as the screens say it (the caller's: data/ makes no sentences of labels). */
  words: (label: StoredLabel) => string
}

export interface ArchivePost {
  key: string
  title: string
  fields: BlogFields
  /** Where the text shown comes from: the editor's draft, an unsent write, or the latest revision. */
  source: 'draft' | 'unsent' | 'revision'
  revisions: BlogRevision[]
}

export interface ArchiveFile {
  name: string
  content: string
}

/** Each post once, with the newest text this computer has of it, and its revisions newest first. */
export function archivePosts(input: Pick<ArchiveInput, 'drafts' | 'revisions' | 'pendingPosts'>): ArchivePost[] {
  const posts = new Map<string, ArchivePost>()
  const revisionsOf = (key: string) => input.revisions.filter((r) => r.key === key).sort((a, b) => b.createdAt - a.createdAt)
  const add = (key: string, fields: BlogFields, source: ArchivePost['source']) => {
    if (!posts.has(key)) posts.set(key, { key, title: fields.title?.trim() || t('archive.untitled'), fields, source, revisions: revisionsOf(key) })
  }
  for (const draft of input.drafts) add(draft.key, draft.fields, 'draft')
  for (const row of input.pendingPosts) add(row.key, row, 'unsent')
  for (const revision of [...input.revisions].sort((a, b) => b.createdAt - a.createdAt)) add(revision.key, revision.fields, 'revision')
  return [...posts.values()]
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const when = (ms: number | Date) => new Date(ms).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' })
/** The files' `lang`: the language their words are in. */
const fileLanguage = () => (uiLocale() === PSEUDO_LOCALE ? 'en' : uiLocale())

/** File names in the export that a post's slug must not take. */
const RESERVED = new Set(['index', 'revisions', 'unsent-changes'])

/**
 * `spring-sale.html`, from the post's slug (or its title); `-2`, `-3`… when two posts would share
 * one. A slug that is a Windows device's name (`con`, `nul`, `com1`…) gets `-post`: Windows would
 * open the device instead of the file.
 */
export function postFileNames(posts: readonly ArchivePost[]): string[] {
  const taken = new Set<string>()
  return posts.map((post) => {
    const slug = (slugify(post.fields.seo_slug ?? '') || slugify(post.title) || 'untitled-post').slice(0, 80)
    const base = isWindowsDeviceName(slug) ? `${slug}-post` : slug
    let name = base
    for (let n = 2; RESERVED.has(name) || taken.has(name); n++) name = `${base}-${n}`
    taken.add(name)
    return `${name}.html`
  })
}

// Opened straight from a disk: nothing in it may run, fetch anything but images, send a form or
// move the page's base address (base-uri and form-action do not fall back to default-src).
const HEAD = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; media-src *; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<style>
body { font: 16px/1.6 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
.note, .search { color: #57606a; }
.search { border: 1px solid #d0d7de; border-radius: 6px; padding: .5rem 1rem; }
.search dt { font-weight: 600; } .search dd { margin: 0 0 .5rem; }
img, video { max-width: 100%; height: auto; }
pre { background: #f6f8fa; padding: .75rem; overflow: auto; }
blockquote { border-left: 3px solid #d0d7de; margin-left: 0; padding-left: 1rem; color: #57606a; }
</style>`

function postDocument(post: ArchivePost, input: ArchiveInput): string {
  const f = post.fields
  const search = [
    [t('archive.searchTitle'), f.seo_title],
    [t('archive.searchDescription'), f.seo_description],
    [t('archive.slug'), f.seo_slug],
  ].filter((row): row is [string, string] => typeof row[1] === 'string' && row[1].trim() !== '')
  return `<!doctype html>
<html lang="${fileLanguage()}">
<head>
${HEAD}
<title>${escapeHtml(post.title)}</title>
${f.seo_description ? `<meta name="description" content="${escapeHtml(f.seo_description)}">\n` : ''}</head>
<body>
<article>
<h1>${escapeHtml(post.title)}</h1>
<p class="note">${escapeHtml(t('archive.source', { source: post.source }))} ${escapeHtml(t('archive.exportedBy', { store: input.store.label, when: when(input.exportedAt), n: post.revisions.length }))}</p>
${search.length > 0 ? `<dl class="search">\n${search.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}\n</dl>\n` : ''}${f.summary ? `<p class="summary"><strong>${escapeHtml(f.summary)}</strong></p>\n` : ''}<div class="content">
${sanitizeForExport(f.content ?? '')}
</div>
</article>
<p><a href="index.html">${escapeHtml(t('archive.allPosts'))}</a></p>
</body>
</html>
`
}

function indexDocument(posts: readonly ArchivePost[], names: readonly string[], input: ArchiveInput): string {
  const title = t('archive.title', { store: input.store.label })
  const list = posts.map((p, i) => `<li><a href="${escapeHtml(names[i]!)}">${escapeHtml(p.title)}</a> ${escapeHtml(t('archive.revisions', { n: p.revisions.length }))}</li>`).join('\n')
  const unsent = input.unsent.map((e) => `<li>${escapeHtml(input.words(e.label))}</li>`).join('\n')
  return `<!doctype html>
<html lang="${fileLanguage()}">
<head>
${HEAD}
<title>${escapeHtml(title)}</title>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(t('archive.savedBy', { when: when(input.exportedAt), store: input.store.label, shop: input.store.shop }))}</p>
${posts.length > 0 ? `<h2>${escapeHtml(t('archive.posts'))}</h2>\n<ol>\n${list}\n</ol>` : `<p>${escapeHtml(t('archive.empty'))}</p>`}
${input.unsent.length > 0 ? `<h2>${escapeHtml(t('archive.unsent'))}</h2>\n<p>${escapeHtml(t('archive.unsentAlso'))}</p>\n<ul>\n${unsent}\n</ul>` : ''}
</body>
</html>
`
}

/** Every file of the export, named and ready to write. */
export function buildArchiveFiles(input: ArchiveInput): ArchiveFile[] {
  const posts = archivePosts(input)
  const names = postFileNames(posts)
  const revisions = {
    format: 'storedesk-revisions',
    version: 1,
    store: input.store,
    exportedAt: input.exportedAt.toISOString(),
    revisions: posts.flatMap((post, i) =>
      post.revisions.map((r) => ({
        post: { key: post.key, title: post.title, slug: post.fields.seo_slug ?? null, file: names[i] },
        time: new Date(r.createdAt).toISOString(),
        reason: t('archive.reason', { reason: r.reason }),
        title: r.fields.title ?? null,
        content: r.fields.content ?? '',
        fields: r.fields,
      })),
    ),
  }
  const files: ArchiveFile[] = [
    { name: 'index.html', content: indexDocument(posts, names, input) },
    ...posts.map((post, i) => ({ name: names[i]!, content: postDocument(post, input) })),
    { name: 'revisions.json', content: `${JSON.stringify(revisions, null, 2)}\n` },
  ]
  if (input.unsent.length > 0) {
    const unsent = input.unsent.map(({ id, kind, label, createdAt, write }) => ({ id, kind, label: input.words(label), createdAt: new Date(createdAt).toISOString(), write }))
    files.push({ name: 'unsent-changes.json', content: `${JSON.stringify({ format: 'storedesk-unsent-changes', version: 1, store: input.store, unsent }, null, 2)}\n` })
  }
  return files
}

/** Reads what the archive holds from a store's database. */
export async function readArchiveInput(db: StoreDatabase, store: ArchiveInput['store'], words: ArchiveInput['words']): Promise<ArchiveInput> {
  const [drafts, revisions, pendingPosts, unsent] = await Promise.all([
    db.blogDrafts.toArray(),
    db.blogRevisions.toArray(),
    db.blogs.filter((row) => row.pending === true).toArray(),
    db.outbox.orderBy('id').toArray(),
  ])
  return { store, exportedAt: new Date(), drafts, revisions, pendingPosts, unsent, words }
}

const day = (at: Date) => at.toISOString().slice(0, 10)

/** `Storedesk Demo store 2026-12-01`: the folder the files go into, a plain file name. */
export function archiveFolderName(label: string, at: Date): string {
  // eslint-disable-next-line no-control-regex
  const safe = label.replace(/[/\\<>:"|?*\u0000-\u001f]+/g, '-').replace(/\s+/g, ' ').trim().slice(0, 80).replace(/[. ]+$/, '')
  return `Storedesk ${safe || 'store'} ${day(at)}`
}

/** `storedesk-demo-store-2026-12-01.zip` */
export function archiveFileName(label: string, at: Date): string {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'store'
  return `storedesk-${slug}-${day(at)}.zip`
}

/** The files as one .zip (the browser shell's download). */
export function zipArchive(files: readonly ArchiveFile[], at: Date): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, [strToU8(file.content), { mtime: at }]])), { level: 6 })
}

export type ExportOutcome = { kind: 'folder'; folder: string; files: number } | { kind: 'download'; fileName: string } | { kind: 'cancelled' }

function download(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * Exports a store's database: into a folder the user picks (Electron), or as a .zip download
 * (browser shell). Throws the main process's error, in words, when the folder cannot be written.
 */
export async function exportArchive(db: StoreDatabase, store: ArchiveInput['store'], words: ArchiveInput['words']): Promise<ExportOutcome> {
  const input = await readArchiveInput(db, store, words)
  const files = buildArchiveFiles(input)
  if (shell === 'electron') {
    // The folder picker main shows speaks the app's language: its words go with the request.
    const words = { title: t('systemDialogs.exportFolderTitle'), buttonLabel: t('systemDialogs.exportFolderButton') }
    const written = await api.localData.exportToFolder({ folderName: archiveFolderName(store.label, input.exportedAt), files }, words)
    return written ? { kind: 'folder', ...written } : { kind: 'cancelled' }
  }
  const fileName = archiveFileName(store.label, input.exportedAt)
  download(zipArchive(files, input.exportedAt), fileName)
  return { kind: 'download', fileName }
}
