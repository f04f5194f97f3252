import { describe, expect, it } from 'vitest'
import { archiveFileName, archivePosts, buildArchive, type ArchiveInput } from './archive'
import type { CachedBlog } from './db'

const input: ArchiveInput = {
  store: { label: 'Acme <Shop>', shop: 'acme.example.com' },
  exportedAt: new Date('2026-12-01T10:00:00Z'),
  drafts: [{ key: 'local:a', fields: { title: 'Spring', content: '<p>Blossom <em>now</em></p>' }, baseUpdatedAt: null, savedAt: 3 }],
  revisions: [
    { id: 1, key: 'local:a', createdAt: 1, reason: 'timer', fields: { title: 'Spring', content: '<p>Bud</p>' } },
    { id: 2, key: 'store:9', createdAt: 2, reason: 'publish', fields: { title: 'Autumn', content: '<p>Leaves</p>' } },
  ],
  pendingPosts: [{ key: 'local:b', storeId: null, title: 'Queued </script> post', content: '<p>Sent later</p>', collectionKeys: [], pending: true } as CachedBlog],
  unsent: [{ id: 4, kind: 'blogs.create', write: { body: { title: 'Queued </script> post' } }, lanes: [], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 1, label: 'New post “Queued </script> post”' }],
}

describe('the export archive', () => {
  it('holds each post once, with the newest text this computer has and its revisions newest first', () => {
    const posts = archivePosts(input)
    expect(posts.map((p) => [p.key, p.source, p.title])).toEqual([
      ['local:a', 'draft', 'Spring'],
      ['local:b', 'unsent', 'Queued </script> post'],
      ['store:9', 'revision', 'Autumn'],
    ])
    expect(posts[0]!.fields.content).toBe('<p>Blossom <em>now</em></p>')
    expect(posts[0]!.revisions.map((r) => r.id)).toEqual([1])
  })

  it('is one HTML file showing every post’s HTML and revisions, with the data as JSON a program can read back', () => {
    const html = buildArchive(input)
    const page = new DOMParser().parseFromString(html, 'text/html')
    expect(page.title).toBe('Drafts and revisions from Acme <Shop>')
    const articles = [...page.querySelectorAll('article')]
    expect(articles.map((a) => a.querySelector('h2')?.textContent)).toEqual(['Spring', 'Queued </script> post', 'Autumn'])
    expect(articles[0]!.querySelector('.content em')?.textContent).toBe('now')
    expect(articles[0]!.querySelector('details')?.textContent).toContain('Bud')
    expect(page.querySelector('ul')?.textContent).toContain('New post “Queued </script> post”')
    // Scripts in a post cannot run when the file is opened.
    expect(page.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain("default-src 'none'")

    const data = JSON.parse(page.getElementById('storedesk-data')!.textContent!)
    expect(data.format).toBe('storedesk-local-data')
    expect(data.posts).toHaveLength(3)
    expect(data.revisions).toHaveLength(2)
    expect(data.unsent[0].write.body.title).toBe('Queued </script> post')
  })

  it('is named after the store and the day', () => {
    expect(archiveFileName('Demo store', new Date('2026-12-01T10:00:00Z'))).toBe('storedesk-demo-store-2026-12-01.html')
    expect(archiveFileName('Ünïcode', new Date('2026-12-01T10:00:00Z'))).toBe('storedesk-n-code-2026-12-01.html')
  })
})
