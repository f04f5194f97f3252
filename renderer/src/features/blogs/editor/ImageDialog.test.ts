// The image dialog asks for alt text for every image, or an explicit "decorative" (alt="").
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import ImageDialog from './ImageDialog.vue'

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  document.body.innerHTML = ''
})

const byLabel = (label: string) => document.body.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!
const button = (name: string) => [...document.body.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name)!

const IMAGES = [
  { src: 'http://127.0.0.1:4010/images/library/herb-garden-600x400.jpg', thumbnail: 'http://127.0.0.1:4010/images/library/herb-garden-150x150.jpg', alt: '', label: 'Cover of “Herb care”' },
  { src: 'http://127.0.0.1:4010/images/products/stoneware-mug.jpg', thumbnail: 'http://127.0.0.1:4010/images/products/stoneware-mug-150x150.jpg', alt: 'Stoneware Mug', label: 'Product: Stoneware Mug' },
]

async function open(images: typeof IMAGES = []) {
  wrapper = mount(ImageDialog, { props: { show: false, initial: null, images }, attachTo: document.body })
  await wrapper.setProps({ show: true })
  await flushPromises()
}

async function type(label: string, value: string) {
  const input = byLabel(label)
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('ImageDialog', () => {
  it('refuses to insert an image without alt text', async () => {
    await open()
    await type('Image address', 'https://images.example.com/mug.jpg')
    button('Insert image').click()
    await flushPromises()
    expect(wrapper!.emitted('apply')).toBeUndefined()
    expect(document.body.textContent).toContain('Describe the image, or tick “Decorative image”')
  })

  it('inserts with the description given', async () => {
    await open()
    await type('Image address', 'https://images.example.com/mug.jpg')
    await type('Alternative text', '  A blue mug ')
    button('Insert image').click()
    await flushPromises()
    expect(wrapper!.emitted('apply')?.[0]).toEqual([{ src: 'https://images.example.com/mug.jpg', alt: 'A blue mug', width: null, height: null }])
  })

  it('writes alt="" for an image the writer marks decorative', async () => {
    await open()
    await type('Image address', 'https://images.example.com/border.png')
    const checkbox = [...document.body.querySelectorAll<HTMLElement>('[role="checkbox"]')].find((box) => box.textContent?.includes('Decorative image'))!
    checkbox.click()
    await flushPromises()
    button('Insert image').click()
    await flushPromises()
    expect(wrapper!.emitted('apply')?.[0]).toEqual([{ src: 'https://images.example.com/border.png', alt: '', width: null, height: null }])
  })

  it('offers the store’s pictures in a searchable grid: one chosen fills the address and its description', async () => {
    await open(IMAGES)
    const radios = () => [...document.body.querySelectorAll<HTMLInputElement>('[role="radiogroup"] input[type="radio"]')]
    expect(radios().map((radio) => radio.getAttribute('aria-label'))).toEqual(['Cover of “Herb care”', 'Product: Stoneware Mug'])
    await type('Search images', 'mug')
    expect(radios().map((radio) => radio.getAttribute('aria-label'))).toEqual(['Product: Stoneware Mug'])
    radios()[0]!.dispatchEvent(new Event('change'))
    await flushPromises()
    expect(byLabel('Image address').value).toBe(IMAGES[1]!.src)
    button('Insert image').click()
    await flushPromises()
    expect(wrapper!.emitted('apply')?.[0]).toEqual([{ src: IMAGES[1]!.src, alt: 'Stoneware Mug', width: null, height: null }])
  })

  it('says to choose an image or give an address when there is neither, on the address field', async () => {
    await open(IMAGES)
    await type('Alternative text', 'Something')
    button('Insert image').click()
    await flushPromises()
    const address = byLabel('Image address')
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(address.getAttribute('aria-describedby')!)!.textContent).toBe('Choose an image above, or give its address.')
  })
})
