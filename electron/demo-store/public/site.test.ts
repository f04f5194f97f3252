// The demo store's public site over real HTTP: a post's public_url opens a page with its title,
// unpublished posts are not shown, pictures are real JPEG and PNG files of the sizes their names
// say, and the public addresses a client sends are kept in a form that survives another port.
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreHandle } from '../embedded'

let store: DemoStoreHandle | undefined
afterEach(async () => {
  await store?.stop()
  store = undefined
})

interface Blog { id: number; title: string; seo_slug: string; status: number; visible_at: string; content: string; public_url: string; path: string; cover: { url: string; thumbnail: string; medium: string } | null }

async function start(dataFile?: string) {
  store = await startDemoStore({ port: 0, rateLimit: false, ...(dataFile ? { dataFile } : {}) })
  const tokenAnswer = await fetch(`${store.url}/__demo/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scopes: ['read_content', 'write_content', 'read_orders'] }) })
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string }
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${store!.url}/openapi/2021-08${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })
  const blogs = async () => ((await (await api('/blogs')).json()) as { data: Blog[] }).data
  /** The store's own clock (store-local), as every order answer carries it. */
  const storeNow = async () => {
    const answer = await fetch(`${store!.url}/openapi/2025-04/orders?page_size=1`, { headers: { Authorization: `Bearer ${token}` } })
    return ((await answer.json()) as { data: { current_time: string }[] }).data[0]!.current_time
  }
  return { store, api, blogs, storeNow, publicOrigin: store.url.replace('127.0.0.1', 'localhost') }
}

describe('the public site', () => {
  it('serves each published post at its public_url, on its own host, with the post’s title', async () => {
    const { blogs, storeNow, publicOrigin, store: running } = await start()
    const now = await storeNow()
    const published = (await blogs()).find((blog) => blog.status === 2 && blog.visible_at <= now && blog.cover)!
    expect(published.public_url).toBe(`${publicOrigin}/blogs/${published.seo_slug}`)
    expect(published.path).toBe(`/blogs/${published.seo_slug}`)

    const page = await fetch(published.public_url.replace('localhost', '127.0.0.1'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/^default-src 'none';/)
    expect(policy).not.toMatch(/script-src|unsafe-eval/)
    const html = await page.text()
    expect(html).toContain(`<h1>${published.title.replaceAll('&', '&amp;')}</h1>`)
    expect(html).not.toContain('.invalid/blogs/')
    expect(html).not.toContain('images.demo-store.invalid')
    expect(html).toContain(`<img class="cover" src="${running.url}/images/library/`)
  })

  it('shows no hidden or scheduled post, and lists only the published ones', async () => {
    const { blogs, storeNow, store: running } = await start()
    const now = await storeNow()
    const all = await blogs()
    const hidden = all.find((blog) => blog.status === 1)!
    const scheduled = all.find((blog) => blog.status === 2 && blog.visible_at > now)!
    expect((await fetch(`${running.url}/blogs/${hidden.seo_slug}`)).status).toBe(404)
    expect((await fetch(`${running.url}/blogs/${scheduled.seo_slug}`)).status).toBe(404)
    expect((await fetch(`${running.url}/blogs/no-such-post`)).status).toBe(404)
    const index = await (await fetch(`${running.url}/blogs`)).text()
    expect(index).not.toContain(`/blogs/${hidden.seo_slug}"`)
    expect(index).not.toContain(`/blogs/${scheduled.seo_slug}"`)
  })

  it('serves covers and product shots as real JPEG files of the sizes their names say, and the signature as PNG', async () => {
    const { blogs, store: running } = await start()
    const cover = (await blogs()).find((blog) => blog.cover)!.cover!
    // Pictures come from the store's own host (as from a CDN), the address an app's image policy allows.
    for (const [url, width, height] of [[cover.thumbnail, 150, 150], [cover.medium, 600, 400]] as const) {
      expect(url.startsWith(`${running.url}/images/library/`)).toBe(true)
      const answer = await fetch(url)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/jpeg')
      const decoded = jpeg.decode(new Uint8Array(await answer.arrayBuffer()))
      expect([decoded.width, decoded.height]).toEqual([width, height])
    }
    const product = await fetch(`${running.url}/images/products/stoneware-mug-150x150.jpg`)
    expect(jpeg.decode(new Uint8Array(await product.arrayBuffer())).width).toBe(150)
    const signature = await fetch(`${running.url}/images/library/signature.png`)
    expect(signature.headers.get('content-type')).toBe('image/png')
    expect(PNG.sync.read(Buffer.from(await signature.arrayBuffer())).width).toBe(480)
    // Only the names and sizes the store uses: no picture of any size on request.
    expect((await fetch(`${running.url}/images/library/herb-garden-5000x5000.jpg`)).status).toBe(404)
  })

  it('keeps its own public addresses in a post in a form that follows the store to another port', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'demo-public-'))
    try {
      const dataFile = join(folder, 'store.json')
      const first = await start(dataFile)
      const [blog] = await first.blogs()
      const sent = (store: { url: string }, site: string) => `<p><img src="${store.url}/images/library/herb-garden-600x400.jpg" alt="Herbs"> <a href="${site}/blogs/${blog!.seo_slug}">More</a></p>`
      const answer = await first.api(`/blogs/${blog!.id}`, { method: 'PUT', body: JSON.stringify({ content: sent(first.store, first.publicOrigin) }) })
      expect(((await answer.json()) as { data: Blog }).data.content).toBe(sent(first.store, first.publicOrigin))
      const images = (await (await fetch(`${first.store.url}/__demo/images`)).json()) as { data: { url: string }[] }
      expect(images.data[0]!.url.startsWith(`${first.store.url}/images/library/`)).toBe(true)
      await first.store.stop()

      // The same data on another port: the post's addresses are that store's own.
      const second = await start(dataFile)
      expect(second.publicOrigin).not.toBe(first.publicOrigin)
      expect((await second.blogs()).find((b) => b.id === blog!.id)!.content).toBe(sent(second.store, second.publicOrigin))
      await second.store.stop()
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
