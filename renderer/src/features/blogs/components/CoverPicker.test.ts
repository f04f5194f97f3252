// The cover picker: the store's images as thumbnails, a placeholder for one that does not load.
import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import CoverPicker from './CoverPicker.vue'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

const covers = [
  { id: 1, url: 'https://cdn.example.com/linen.jpg', thumbnail: 'https://cdn.example.com/linen-small.jpg' },
  { id: 2, url: 'https://gone.invalid/mug.jpg', thumbnail: '' },
]

describe('CoverPicker', () => {
  it('shows each image as a named radio with its thumbnail, and a placeholder where one does not load', async () => {
    wrapper = mount(CoverPicker, { props: { modelValue: 1, covers } })
    expect(wrapper.find('[role="radiogroup"]').attributes('aria-label')).toBe('Cover image')
    const radios = wrapper.findAll('input[type="radio"]')
    expect(radios.map((radio) => radio.attributes('aria-label'))).toEqual(['No cover', 'Cover: linen.jpg', 'Cover: mug.jpg'])
    expect((radios[1]!.element as HTMLInputElement).checked).toBe(true)
    const images = wrapper.findAll('img')
    expect(images.map((image) => image.attributes('src'))).toEqual(['https://cdn.example.com/linen-small.jpg', 'https://gone.invalid/mug.jpg'])

    await images[1]!.trigger('error')
    expect(wrapper.findAll('img')).toHaveLength(1)
    expect(wrapper.find('[role="img"]').attributes('aria-label')).toBe('mug.jpg (image not available)')
  })

  it('chooses a cover or none', async () => {
    wrapper = mount(CoverPicker, { props: { modelValue: 1, covers } })
    await wrapper.findAll('input[type="radio"]')[2]!.trigger('change')
    await wrapper.findAll('input[type="radio"]')[0]!.trigger('change')
    expect(wrapper.emitted('update:modelValue')).toEqual([[2], [null]])
  })
})
