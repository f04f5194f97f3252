import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { defineComponent, h, nextTick, ref } from 'vue'
import { NInput, NRadio, NRadioGroup } from 'naive-ui'
import FormField from './FormField.vue'

/** The text a control's aria-describedby names, as a screen reader reads it after the control. */
function description(root: Element, control: Element): string {
  return (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => root.querySelector(`[id="${id}"]`)?.textContent ?? `(missing #${id})`).join(' ')
}

describe('FormField', () => {
  it('ties a problem to the control: aria-invalid and the message as its description, the hint again once fixed', async () => {
    const problem = ref<string | null>(null)
    const wrapper = mount(defineComponent(() => () => h(FormField, { label: 'Slug', problem: problem.value, hint: 'Lower-case letters.' }, () => h(NInput, { value: 'x', inputProps: { 'aria-label': 'Slug' } }))), { attachTo: document.body })
    const input = wrapper.get('input').element
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(description(wrapper.element, input)).toBe('Lower-case letters.')

    problem.value = 'is already taken'
    await nextTick()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(description(wrapper.element, input)).toBe('is already taken')

    problem.value = null
    await nextTick()
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(description(wrapper.element, input)).toBe('Lower-case letters.')
    wrapper.unmount()
  })

  it('keeps a description the control had of its own', async () => {
    const wrapper = mount(defineComponent(() => () => h('div', [
      h('p', { id: 'elsewhere' }, 'Shown in lists.'),
      h(FormField, { label: 'Summary', problem: 'is too long' }, () => h('input', { 'aria-label': 'Summary', 'aria-describedby': 'elsewhere' })),
    ])), { attachTo: document.body })
    await nextTick()
    expect(description(wrapper.element, wrapper.get('input').element)).toBe('Shown in lists. is too long')
    wrapper.unmount()
  })

  it('describes a radio group as a whole, not each radio', async () => {
    const wrapper = mount(defineComponent(() => () => h(FormField, { label: 'Status', problem: 'Choose one' }, () =>
      h(NRadioGroup, { value: 1, role: 'radiogroup', 'aria-label': 'Status' }, () => [h(NRadio, { value: 1, label: 'Hidden' }), h(NRadio, { value: 2, label: 'Visible' })]))), { attachTo: document.body })
    await nextTick()
    const group = wrapper.get('[role="radiogroup"]').element
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(description(wrapper.element, group)).toBe('Choose one')
    expect(wrapper.findAll('input[type="radio"]').every((radio) => radio.attributes('aria-invalid') === undefined)).toBe(true)
    wrapper.unmount()
  })

  it('wires a control rendered later (a select that shows its search box)', async () => {
    const shown = ref(false)
    const wrapper = mount(defineComponent(() => () => h(FormField, { label: 'Country', problem: 'Required' }, () => (shown.value ? h('input', { 'aria-label': 'Country' }) : h('span', 'closed')))), { attachTo: document.body })
    shown.value = true
    await nextTick()
    // The field sees the new element through its own MutationObserver.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(wrapper.get('input').attributes('aria-invalid')).toBe('true')
    wrapper.unmount()
  })
})
