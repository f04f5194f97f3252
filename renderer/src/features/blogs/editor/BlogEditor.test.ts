// The editor component as a writer meets it: the named editable area, the toolbar, v-model of
// the HTML, the source view and the sandboxed preview.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { nextTick } from 'vue'
import BlogEditor from './BlogEditor.vue'
import DocumentOutline from './DocumentOutline.vue'
import type { OutlineHeading } from './outline'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

type Exposed = { flush: () => string }

async function mountEditor(html: string) {
  wrapper = mount(BlogEditor, { props: { modelValue: html, title: 'Spring' }, attachTo: document.body })
  // Tiptap announces `create` on the next task.
  await new Promise((resolve) => globalThis.setTimeout(resolve, 0))
  await flushPromises()
  await nextTick()
  return wrapper
}

describe('BlogEditor', () => {
  it('shows the post in a named editable area with a named toolbar', async () => {
    const editor = await mountEditor('<h2>Spring</h2><p>Hello <strong>world</strong></p>')
    const editable = editor.find('[contenteditable="true"]')
    expect(editable.attributes('aria-label')).toBe('Post content')
    expect(editable.text()).toContain('Hello world')
    const names = editor.findAll('[role="toolbar"] button').map((button) => button.attributes('aria-label'))
    expect(names).toEqual(expect.arrayContaining(['Bold', 'Italic', 'Underline', 'Strikethrough', 'Heading 2', 'Bulleted list', 'Numbered list', 'Quote', 'Code block', 'Divider', 'Link', 'Image', 'Embedded video', 'Insert table', 'Align centre', 'Find and replace', 'Keyboard shortcuts']))
    expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true)
    expect(editor.find('[aria-label="Word count"]').text()).toContain('3 words')
  })

  it('applies a toolbar command and emits the new HTML through v-model', async () => {
    const editor = await mountEditor('<p>Hello</p>')
    const exposed = editor.vm as unknown as Exposed
    await editor.find('[role="toolbar"] button[aria-label="Heading 2"]').trigger('click')
    expect(exposed.flush()).toBe('<h2>Hello</h2>')
    expect(editor.emitted('update:modelValue')?.at(-1)).toEqual(['<h2>Hello</h2>'])
  })

  it('loads a new value from the parent but does not reload what it emitted itself', async () => {
    const editor = await mountEditor('<p>One</p>')
    await editor.setProps({ modelValue: '<p>Two</p>' })
    expect(editor.find('[contenteditable="true"]').text()).toBe('Two')
    expect(editor.emitted('update:modelValue')).toBeUndefined()
  })

  it('says at once that an edit is pending, and a flush without an edit leaves the value as it came', async () => {
    const loaded = '<p>One</p>\n<p>Two</p>'
    const editor = await mountEditor(loaded)
    const exposed = editor.vm as unknown as Exposed
    expect(exposed.flush()).toBe(loaded)
    expect(editor.emitted('update:modelValue')).toBeUndefined()
    await editor.find('[role="toolbar"] button[aria-label="Heading 2"]').trigger('click')
    expect(editor.emitted('editing')).toHaveLength(1)
    expect(editor.emitted('update:modelValue')).toBeUndefined()
    expect(exposed.flush()).toBe('<h2>One</h2><p>Two</p>')
  })

  it('shows the HTML in the source view and the sanitised post in a sandboxed preview frame', async () => {
    const editor = await mountEditor('<p>Safe <a href="https://example.com">link</a></p>')
    await editor.find('input[value="source"]').setValue(true)
    await flushPromises()
    expect((editor.find('textarea[aria-label="HTML source"]').element as HTMLTextAreaElement).value).toBe('<p>Safe <a href="https://example.com">link</a></p>')
    await editor.find('input[value="preview"]').setValue(true)
    await flushPromises()
    const frame = editor.find('iframe[title="Preview of the post"]')
    expect(frame.attributes('sandbox')).toBe('')
    expect(frame.attributes('srcdoc')).toContain('<h1>Spring</h1>')
    expect(frame.attributes('srcdoc')).toContain('<a href="https://example.com">link</a>')
  })

  it('gives its headings for an outline, and jumps to one from it', async () => {
    const editor = await mountEditor('<h2>Care</h2><p>Wash cold.</p><h3>Drying</h3><p>Flat.</p>')
    const exposed = editor.vm as unknown as { outline: OutlineHeading[]; jumpToHeading: (heading: OutlineHeading) => void; editor: { state: { selection: { $from: { parent: { textContent: string; type: { name: string } } } } } } }
    // The page shows the outline where it likes (the post's details drawer).
    const outline = mount(DocumentOutline, { props: { headings: exposed.outline } })
    const items = outline.findAll('nav[aria-label="Outline"] button')
    expect(items.map((item) => item.attributes('aria-label'))).toEqual(['Go to heading: Care', 'Go to heading: Drying'])
    await items[1]!.trigger('click')
    exposed.jumpToHeading(outline.emitted<[OutlineHeading]>('jump')![0]![0])
    expect(exposed.editor.state.selection.$from.parent.type.name).toBe('heading')
    expect(exposed.editor.state.selection.$from.parent.textContent).toBe('Drying')
    expect(editor.find('[aria-label="Word count"]').text()).toContain('1 min read')
    outline.unmount()
  })
})
