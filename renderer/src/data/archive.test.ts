// The export of drafts and revisions: one standalone, sanitised HTML file per post named from its
// slug, revisions.json with every revision, an index; written to a folder through the main
// process in Electron, or zipped for a download in the browser shell.
import { afterEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { unzipSync, strFromU8 } from 'fflate'
import Dexie from 'dexie'
import { api, resetFakeBridge, StoredeskError } from '@/bridge/testing/fake-bridge'
import { archiveFileName, archiveFolderName, archivePosts, buildArchiveFiles, exportArchive, postFileNames, zipArchive, type ArchiveInput, type ArchivePost } from './archive'
import { describeExport } from './local-data'
import { applyLocale, say } from '@/session/i18n'
import { isPlainFileName, isWindowsDeviceName } from '@common/file-names'
import { closeStoreDatabase, databaseName, storeDatabase, type CachedBlog } from './db'

const bridge = vi.hoisted(() => ({ shell: 'web' as 'web' | 'electron' }))
vi.mock('@/bridge', async () => {
  const fake = await import('@/bridge/testing/fake-bridge')
  return {
    ...fake,
    get shell() {
      return bridge.shell
    },
  }
})

const input: ArchiveInput = {
  store: { label: 'Acme <Shop>', shop: 'acme.example.com' },
  exportedAt: new Date('2026-12-01T10:00:00Z'),
  drafts: [
    {
      key: 'local:a',
      fields: { title: 'Spring', content: '<p onclick="steal()">Blossom <em>now</em></p><script>steal()</script>', seo_title: 'Spring at Acme', seo_description: 'What grows <now>', seo_slug: 'spring-sale', summary: 'Buds and blossom' },
      baseUpdatedAt: null,
      savedAt: 3,
    },
  ],
  revisions: [
    { id: 1, key: 'local:a', createdAt: Date.parse('2026-11-30T09:00:00Z'), reason: 'timer', fields: { title: 'Spring', content: '<p>Bud</p>' } },
    { id: 3, key: 'local:a', createdAt: Date.parse('2026-11-30T10:00:00Z'), reason: 'publish', fields: { title: 'Spring', content: '<p>Blossom</p>' } },
    { id: 2, key: 'store:9', createdAt: Date.parse('2026-11-29T08:00:00Z'), reason: 'store', fields: { title: 'Autumn', content: '<p>Leaves</p>' } },
  ],
  pendingPosts: [{ key: 'local:b', storeId: null, title: 'Queued </script> post', content: '<p>Sent later</p>', collectionKeys: [], pending: true } as CachedBlog],
  unsent: [{ id: 4, kind: 'blogs.create', write: { kind: 'blogs.create', key: 'local:b', body: { title: 'Queued </script> post' } }, lanes: [], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 1, label: { kind: 'blogs.create', action: 'create', target: { noun: 'post', name: 'Queued </script> post' } } }],
  // The screens' words for a label (features/sync/write-words.ts), as far as this test needs them.
  words: (label) => (typeof label === 'string' ? label : `New post “${label.target.name}”`),
}

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const file = (files: { name: string; content: string }[], name: string) => files.find((f) => f.name === name)!.content

afterEach(() => {
  resetFakeBridge()
  bridge.shell = 'web'
})

describe('the export', () => {
  it('holds each post once, with the newest text this computer has and its revisions newest first', () => {
    const posts = archivePosts(input)
    expect(posts.map((p) => [p.key, p.source, p.title])).toEqual([
      ['local:a', 'draft', 'Spring'],
      ['local:b', 'unsent', 'Queued </script> post'],
      ['store:9', 'revision', 'Autumn'],
    ])
    expect(posts[0]!.revisions.map((r) => r.id)).toEqual([3, 1])
  })

  it('is one HTML file per post named from its slug, revisions.json, an index, and the unsent changes', () => {
    expect(buildArchiveFiles(input).map((f) => f.name)).toEqual(['index.html', 'spring-sale.html', 'queued-lessscriptgreater-post.html', 'autumn.html', 'revisions.json', 'unsent-changes.json'])
  })

  it('makes each post a standalone page with its title, search fields and sanitised body', () => {
    const spring = page(file(buildArchiveFiles(input), 'spring-sale.html'))
    expect(spring.title).toBe('Spring')
    expect(spring.querySelector('h1')?.textContent).toBe('Spring')
    expect([...spring.querySelectorAll('.search dd')].map((dd) => dd.textContent)).toEqual(['Spring at Acme', 'What grows <now>', 'spring-sale'])
    expect(spring.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('What grows <now>')
    expect(spring.querySelector('.summary')?.textContent).toBe('Buds and blossom')
    expect(spring.querySelector('.content em')?.textContent).toBe('now')
    expect(spring.querySelector('.note')?.textContent).toContain('2 revisions in revisions.json')
    // Nothing in a post can run when the file is opened.
    expect(spring.querySelector('script')).toBeNull()
    expect(spring.querySelector('[onclick]')).toBeNull()
    expect(spring.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain("default-src 'none'")
  })

  it('strips what could send the reader elsewhere or run when the file is opened: meta refresh, base, script URLs however written', () => {
    const content = [
      '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
      '<meta http-equiv="Refresh" content="5">',
      '<base href="https://evil.example/">',
      '<p><a href="java\nscript:alert(1)">newline</a> <a href="java\tscript:alert(2)">tab</a> <a href="JaVa&#x0D;Script:alert(3)">return</a></p>',
      '<p><a href="\u0001\u0002 javascript:alert(4)">control</a> <a href=" vbscript:msgbox(5)">vb</a> <a href="data:text/html,<script>alert(6)</script>">data</a></p>',
      '<img src="java&#9;script:alert(7)" alt="x"><form action="java\nscript:alert(8)"><button formaction="javascript:alert(9)">Go</button></form>',
      '<svg><a xlink:href="java\nscript:alert(10)"><text>svg</text></a></svg>',
      '<p><a href="https://shop.example/sale">a real link</a> <img src="https://cdn.example/a.png" alt="kept"> <meta itemprop="price" content="10"></p>',
    ].join('\n')
    const files = buildArchiveFiles({ ...input, drafts: [{ ...input.drafts[0]!, fields: { ...input.drafts[0]!.fields, content } }] })
    const html = file(files, 'spring-sale.html')
    const doc = page(html)
    expect(doc.querySelectorAll('meta[http-equiv="refresh" i]')).toHaveLength(0)
    expect(doc.querySelector('base')).toBeNull()
    expect(html).not.toMatch(/script:|data:text\/html/i)
    for (const element of doc.querySelectorAll('.content *')) {
      // eslint-disable-next-line no-control-regex
      for (const name of element.getAttributeNames()) expect(element.getAttribute(name)!.replace(/[\u0000-\u0020]/g, ''), `${element.tagName} ${name}`).not.toMatch(/^(javascript|vbscript|data:text\/html)/i)
    }
    // What a reader needs stays: the links' text, real links and images, microdata.
    expect([...doc.querySelectorAll('.content a')].map((a) => a.textContent)).toEqual(['newline', 'tab', 'return', 'control', 'vb', 'data', 'svg', 'a real link'])
    expect(doc.querySelector('.content a[href="https://shop.example/sale"]')).not.toBeNull()
    expect(doc.querySelector('.content img[src="https://cdn.example/a.png"]')).not.toBeNull()
    expect(doc.querySelector('.content meta[itemprop="price"]')).not.toBeNull()
    // And the file's own policy: no base address may be set, by the post or anything else.
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain("base-uri 'none'")
  })

  it('lists the posts and the unsent changes in the index', () => {
    const index = page(file(buildArchiveFiles(input), 'index.html'))
    expect(index.title).toBe('Drafts and revisions from Acme <Shop>')
    expect([...index.querySelectorAll('ol a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Spring', 'spring-sale.html'],
      ['Queued </script> post', 'queued-lessscriptgreater-post.html'],
      ['Autumn', 'autumn.html'],
    ])
    expect(index.querySelector('ul')?.textContent).toContain('New post “Queued </script> post”')
  })

  it('speaks the app’s language in its own words, and leaves the posts’ text as written', () => {
    applyLocale('de')
    try {
      const files = buildArchiveFiles({ ...input, drafts: [...input.drafts, { ...input.drafts[0]!, key: 'local:untitled', fields: { content: '<p>x</p>' } }] })
      const index = page(file(files, 'index.html'))
      expect(index.documentElement.lang).toBe('de')
      expect(index.title).toBe('Entwürfe und Versionen aus Acme <Shop>')
      expect([...index.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Beiträge', 'Noch nicht an den Shop gesendete Änderungen'])
      expect([...index.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['Spring (2 Versionen)', 'Unbenannter Beitrag (0 Versionen)', 'Queued </script> post (0 Versionen)', 'Autumn (1 Version)'])
      const spring = page(file(files, 'spring-sale.html'))
      expect(spring.documentElement.lang).toBe('de')
      expect(spring.querySelector('.note')?.textContent).toBe('Der auf diesem Computer gespeicherte Entwurf. Von Storedesk aus Acme <Shop> exportiert am 01.12.2026, 10:00; 2 Versionen in revisions.json.')
      expect([...spring.querySelectorAll('.search dt')].map((dt) => dt.textContent)).toEqual(['Titel für Suchmaschinen', 'Beschreibung für Suchmaschinen', 'Adresse (Slug)'])
      expect(JSON.parse(file(files, 'revisions.json')).revisions.map((r: { reason: string }) => r.reason)).toEqual(['Vor dem Veröffentlichen', 'Beim Schreiben', 'Wie im Shop'])
      applyLocale('zh-CN')
      const chinese = page(file(buildArchiveFiles(input), 'index.html'))
      expect(chinese.title).toBe('Acme <Shop> 的草稿和版本')
      expect(chinese.querySelector('ol li')?.textContent).toBe('Spring （2 个版本）')
    } finally {
      applyLocale('en')
    }
  })

  it('keeps every revision of every post in revisions.json, with its post, time and content', () => {
    const files = buildArchiveFiles(input)
    const data = JSON.parse(file(files, 'revisions.json'))
    expect(data.store).toEqual(input.store)
    expect(data.revisions.map((r: { post: { title: string; file: string }; time: string; reason: string; content: string }) => [r.post.title, r.post.file, r.time, r.reason, r.content])).toEqual([
      ['Spring', 'spring-sale.html', '2026-11-30T10:00:00.000Z', 'Before publishing', '<p>Blossom</p>'],
      ['Spring', 'spring-sale.html', '2026-11-30T09:00:00.000Z', 'While writing', '<p>Bud</p>'],
      ['Autumn', 'autumn.html', '2026-11-29T08:00:00.000Z', 'As on the store', '<p>Leaves</p>'],
    ])
    expect(JSON.parse(file(files, 'unsent-changes.json')).unsent[0].write.body.title).toBe('Queued </script> post')
  })

  it('gives posts that share a slug, or take an export file’s name, different file names', () => {
    const post = (title: string, seo_slug?: string): ArchivePost => ({ key: title, title, fields: { title, ...(seo_slug ? { seo_slug } : {}) }, source: 'draft', revisions: [] })
    expect(postFileNames([post('Spring'), post('Spring!'), post('Other', 'spring'), post('Index'), post('Revisions'), post('¿?')])).toEqual([
      'spring.html',
      'spring-2.html',
      'spring-3.html',
      'index-2.html',
      'revisions-2.html',
      'untitled-post.html',
    ])
  })

  it('never names a post after a Windows device (con, nul, com1…), in any case, which Windows would not open as a file', () => {
    const post = (title: string, seo_slug?: string): ArchivePost => ({ key: title, title, fields: { title, ...(seo_slug ? { seo_slug } : {}) }, source: 'draft', revisions: [] })
    const names = postFileNames([post('CON'), post('nul'), post('Aux', 'aux'), post('Printer', 'PRN'), post('Com1'), post('com9'), post('LPT1'), post('lpt9'), post('Con post'), post('Console')])
    expect(names).toEqual(['con-post.html', 'nul-post.html', 'aux-post.html', 'prn-post.html', 'com1-post.html', 'com9-post.html', 'lpt1-post.html', 'lpt9-post.html', 'con-post-2.html', 'console.html'])
  })

  it('gives any set of posts plain, distinct file names that are no Windows device', () => {
    const device = fc.constantFrom('con', 'PRN', 'Aux', 'nul', 'com1', 'COM9', 'lpt1', 'Lpt9')
    const text = fc.oneof(fc.string({ maxLength: 40 }), device, device.map((d) => `${d}.html`))
    const post = fc.record({ title: text, slug: fc.option(text, { nil: undefined }) })
    fc.assert(
      fc.property(fc.array(post, { maxLength: 12 }), (posts) => {
        const names = postFileNames(posts.map(({ title, slug }, i): ArchivePost => ({ key: String(i), title, fields: { title, ...(slug !== undefined ? { seo_slug: slug } : {}) }, source: 'draft', revisions: [] })))
        for (const name of names) {
          expect(isPlainFileName(name), name).toBe(true)
          expect(isWindowsDeviceName(name), name).toBe(false)
        }
        expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length)
      }),
    )
  })

  it('names the folder and the .zip after the store and the day', () => {
    const at = new Date('2026-12-01T10:00:00Z')
    expect(archiveFolderName('Demo store', at)).toBe('Storedesk Demo store 2026-12-01')
    expect(archiveFolderName('Acme/Shop: "B"', at)).toBe('Storedesk Acme-Shop- -B- 2026-12-01')
    expect(archiveFileName('Demo store', at)).toBe('storedesk-demo-store-2026-12-01.zip')
  })

  it('zips the same files for the browser shell', () => {
    const files = buildArchiveFiles(input)
    const unzipped = unzipSync(zipArchive(files, input.exportedAt))
    expect(Object.keys(unzipped)).toEqual(files.map((f) => f.name))
    expect(strFromU8(unzipped['spring-sale.html']!)).toBe(file(files, 'spring-sale.html'))
  })
})

describe('exportArchive in Electron', () => {
  const id = `archive-${Date.now()}`
  afterEach(async () => {
    closeStoreDatabase(id)
    await Dexie.delete(databaseName(id))
  })

  it('asks the main process to write the files into a folder named after the store and day', async () => {
    bridge.shell = 'electron'
    const db = storeDatabase(id)
    await db.blogDrafts.put({ key: 'local:x', fields: { title: 'Winter', content: '<p>Snow</p>' }, baseUpdatedAt: null, savedAt: 1 })
    api.localData.exportToFolder.mockResolvedValue({ folder: '/home/ann/Storedesk Demo store 2026-12-01', files: 3 })
    const outcome = await exportArchive(db, { label: 'Demo store', shop: '127.0.0.1:4010' }, String)
    expect(say(describeExport(outcome)!)).toBe('Exported 3 files to /home/ann/Storedesk Demo store 2026-12-01.')
    const [request, words] = api.localData.exportToFolder.mock.calls[0]!
    expect(words).toEqual({ title: 'Choose where to export the drafts and revisions', buttonLabel: 'Export here' })
    expect(request.folderName).toMatch(/^Storedesk Demo store \d{4}-\d\d-\d\d$/)
    expect(request.files.map((f: { name: string }) => f.name)).toEqual(['index.html', 'winter.html', 'revisions.json'])

    api.localData.exportToFolder.mockResolvedValue(null)
    expect(describeExport(await exportArchive(db, { label: 'Demo store', shop: '' }, String))).toBeNull()

    api.localData.exportToFolder.mockRejectedValue(new StoredeskError({ code: 'internal', message: 'The export could not be written to /mnt: the disk is full. Your work is still in Storedesk.' }))
    await expect(exportArchive(db, { label: 'Demo store', shop: '' }, String)).rejects.toThrow('the disk is full')
  })
})
