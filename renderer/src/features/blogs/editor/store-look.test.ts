// A post's own look stays out of the app's document: in the editor the store's style and class
// attributes are not rendered on editable nodes and marks, and preserved blocks keep their styles
// in a shadow root inside a box that contains them; the HTML saved is the store's, unchanged.
import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Editor } from '@tiptap/core'
import { editorExtensions } from './schema'
import { contentForEditor } from './prepare'
import { roundTrip, serializeEditor } from './serialize'
import { canonicalHtml, checkFidelity } from '../html-fidelity'

const POST = [
  '<p>Spring notes.</p>',
  '<details open=""><summary>Open notes</summary><style>body{visibility:hidden}</style><a href="https://evil.example/login" style="position:fixed;inset:0;z-index:99999">Session expired</a></details>',
  '<p style="position:fixed;inset:0;z-index:99998;text-align: center" class="n-message-container">Your session ended: <a href="https://evil.example/relogin" class="n-button" style="position:fixed">sign in</a> <span class="sd-hijack" style="color: red">now</span></p>',
  '<div class="sd-hijack" style="position:fixed"><h2 style="color: navy">Shipping</h2></div>',
  '<pre><span style="color:#d73a49;position:fixed">const</span> a = 1</pre>',
  '<table class="n-layout" style="position:fixed"><tbody><tr><td class="n-modal" style="position:fixed">cell</td></tr></tbody></table>',
  '<p><img src="https://cdn.example/a.png" alt="a" class="n-modal-mask" style="position:fixed;inset:0"></p>',
].join('')

let editor: Editor | undefined
afterEach(() => {
  editor?.destroy()
  editor = undefined
  document.body.innerHTML = ''
})

function open(html: string): Editor {
  const element = document.createElement('div')
  document.body.append(element)
  editor = new Editor({ element, extensions: editorExtensions(), content: contentForEditor(html), injectCSS: false })
  return editor
}

/** The store's look that reached the app's document: style and class attributes, style elements. */
function storeLookInDocument() {
  return {
    styles: [...document.querySelectorAll('[style]')].map((element) => element.getAttribute('style')).filter((style) => !/^(contain: layout paint; isolation: isolate;?|text-align: center;?|(min-)?width: \d+px;?)$/.test(style ?? '')),
    classes: [...document.querySelectorAll('[class]')].map((element) => element.getAttribute('class')!).filter((value) => /sd-hijack|n-(message|button|layout|modal)/.test(value)),
    styleElements: document.querySelectorAll('style').length,
  }
}

describe('the store’s look in the editor', () => {
  it('is not in the app’s document: no style, class or style element of the post', () => {
    const view = open(POST).view.dom
    expect(storeLookInDocument()).toEqual({ styles: [], classes: [], styleElements: 0 })
    // What the writer edits is all there, as text and as the editor's own structure.
    expect(view.textContent).toContain('Your session ended: sign in now')
    expect(view.querySelector('h2')?.textContent).toBe('Shipping')
    expect(view.querySelector('a[href="https://evil.example/relogin"]')).not.toBeNull()
    expect(view.querySelector('td')?.textContent).toBe('cell')
    // The editor's own alignment is kept.
    expect(view.querySelector('p[style="text-align: center"]')?.textContent).toContain('Your session ended')
  })

  it('keeps a preserved block’s look in a shadow root, inside a box that contains layout and paint', () => {
    const view = open(POST).view.dom
    const boxes = [...view.querySelectorAll<HTMLElement>('.sd-preserved-body, .sd-verbatim-body')]
    expect(boxes).toHaveLength(2)
    for (const box of boxes) {
      expect(box.style.contain).toBe('layout paint')
      expect(box.children).toHaveLength(1)
      expect(box.firstElementChild!.shadowRoot).not.toBeNull()
    }
    const details = boxes[0]!.firstElementChild!.shadowRoot!
    expect([...details.querySelectorAll('style')].map((style) => style.textContent)).toContain('body{visibility:hidden}')
    expect(details.querySelector('a')?.getAttribute('style')).toBe('position:fixed;inset:0;z-index:99999')
    expect(boxes[1]!.firstElementChild!.shadowRoot!.querySelector('span')?.getAttribute('style')).toBe('color:#d73a49;position:fixed')
  })

  it('makes a link inside a preserved block do nothing when clicked', () => {
    const view = open(POST).view.dom
    const link = view.querySelector('.sd-preserved-body')!.firstElementChild!.shadowRoot!.querySelector('a')!
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
  })

  it('saves the store’s HTML unchanged, styles and classes included', () => {
    const loaded = open(POST)
    expect(canonicalHtml(serializeEditor(loaded))).toBe(canonicalHtml(POST))
    expect(checkFidelity(POST).changes).toEqual([])
    // An edit elsewhere changes only what was edited.
    loaded.commands.focus('start')
    loaded.commands.insertContent('Early ')
    expect(canonicalHtml(serializeEditor(loaded))).toBe(canonicalHtml(POST.replace('<p>Spring notes.</p>', '<p>Early Spring notes.</p>')))
  })
})

describe('any post with styles and classes', () => {
  const STYLES = ['position:fixed;inset:0', 'color: red', 'z-index:99999;top:0', 'text-align: center; color: blue', 'mso-line-height-rule: exactly']
  const CLASSES = ['n-modal-mask', 'sd-hijack lead', 'wp-block-button']
  const attributes = fc
    .record({ style: fc.option(fc.constantFrom(...STYLES), { nil: undefined }), class: fc.option(fc.constantFrom(...CLASSES), { nil: undefined }) })
    .map(({ style, class: name }) => `${name ? ` class="${name}"` : ''}${style ? ` style="${style}"` : ''}`)
  const word = fc.stringMatching(/^[a-z]{1,8}$/)
  const inline = fc.array(
    fc.oneof(
      word,
      fc.tuple(fc.constantFrom('span', 'strong', 'em', 'small'), attributes, word).map(([tag, attrs, text]) => `<${tag}${attrs}>${text}</${tag}>`),
      fc.tuple(attributes, word).map(([attrs, text]) => `<a href="https://shop.example/${text}"${attrs}>${text}</a>`),
    ),
    { minLength: 1, maxLength: 4 },
  ).map((parts) => parts.join(' '))
  const block = fc.oneof(
    fc.tuple(fc.constantFrom('p', 'h2', 'h3'), attributes, inline).map(([tag, attrs, content]) => `<${tag}${attrs}>${content}</${tag}>`),
    fc.tuple(attributes, attributes, inline).map(([outer, inner, content]) => `<div${outer}><p${inner}>${content}</p></div>`),
    fc.tuple(attributes, attributes, inline).map(([list, item, content]) => `<ul${list}><li${item}>${content}</li></ul>`),
    fc.tuple(attributes, inline).map(([attrs, content]) => `<blockquote${attrs}><p>${content}</p></blockquote>`),
  )

  it('shows none of them in the app’s document, and saves exactly what the editor saves without a screen', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }).map((blocks) => blocks.join('')), (html) => {
        const loaded = open(html)
        const view = loaded.view.dom
        const classes = [...view.querySelectorAll('[class]')].map((element) => element.getAttribute('class')!).filter((value) => CLASSES.some((name) => value.includes(name.split(' ')[0]!)))
        const styles = [...view.querySelectorAll('[style]')].map((element) => element.getAttribute('style')!).filter((style) => style !== 'text-align: center')
        expect({ classes, styles }).toEqual({ classes: [], styles: [] })
        expect(serializeEditor(loaded)).toBe(roundTrip(html))
        loaded.destroy()
        editor = undefined
        document.body.innerHTML = ''
      }),
      { numRuns: 40 },
    )
  })
})
