import { describe, expect, it } from 'vitest'
import type { CachedBlog } from '@/data'
import { imagesInHtml, knownImages, searchImages } from './known-images'

const post = (title: string, extra: Partial<CachedBlog> = {}): CachedBlog => ({ key: `store:${title.length}`, storeId: title.length, title, collectionKeys: [], ...extra })
const HOST = 'http://localhost:4010/images'

describe('knownImages', () => {
  const posts = [
    post('Picnic guide', { cover: { ID: 101, url: `${HOST}/library/herb.jpg`, thumbnail: `${HOST}/library/herb-150x150.jpg`, medium: `${HOST}/library/herb-600x400.jpg`, big: '', srcset: '' } as CachedBlog['cover'], content: `<figure><img src="${HOST}/library/herb-600x400.jpg" alt="herbs"></figure><p><img alt='A jar &amp; lid' src='${HOST}/library/jar.jpg'></p>` }),
    post('No pictures', { content: '<p onclick="x()">Hello</p><img src="data:image/png;base64,AAAA" alt="inline">' }),
  ]
  const products = [{ url: `${HOST}/products/stoneware-mug.jpg`, thumbnail: `${HOST}/products/stoneware-mug-150x150.jpg`, alt: 'Stoneware Mug' }, { url: `${HOST}/products/stoneware-mug.jpg`, alt: 'again' }]

  it('lists covers, pictures in posts and product shots once per address, with words to find them by', () => {
    expect(knownImages(posts, products).map((image) => [image.label, image.src, image.thumbnail, image.alt])).toEqual([
      ['Cover of “Picnic guide”', `${HOST}/library/herb-600x400.jpg`, `${HOST}/library/herb-150x150.jpg`, ''],
      ['In a post: A jar & lid', `${HOST}/library/jar.jpg`, `${HOST}/library/jar.jpg`, 'A jar & lid'],
      ['Product: Stoneware Mug', `${HOST}/products/stoneware-mug.jpg`, `${HOST}/products/stoneware-mug-150x150.jpg`, 'Stoneware Mug'],
    ])
  })

  it('finds images by every word of the search, in label, alt text or address', () => {
    const all = knownImages(posts, products)
    expect(searchImages(all, 'mug').map((image) => image.label)).toEqual(['Product: Stoneware Mug'])
    expect(searchImages(all, 'picnic cover').map((image) => image.label)).toEqual(['Cover of “Picnic guide”'])
    expect(searchImages(all, '  ')).toHaveLength(3)
  })

  it('reads img tags of any quoting from a post’s HTML', () => {
    expect(imagesInHtml('<IMG SRC=a.png ALT=x><img src="b.png">')).toEqual([{ src: 'a.png', alt: 'x' }, { src: 'b.png', alt: '' }])
  })
})
