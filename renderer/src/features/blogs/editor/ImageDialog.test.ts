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

async function open() {
  wrapper = mount(ImageDialog, { props: { show: false, initial: null }, attachTo: document.body })
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
})
