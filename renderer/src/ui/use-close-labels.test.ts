import { afterEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { applyLocale } from '@/session/i18n'
import { useCloseLabels } from './use-close-labels'

afterEach(() => {
  applyLocale('en')
  document.body.innerHTML = ''
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Naive UI close buttons', () => {
  it('are named in the app’s language when they appear, when re-labelled, and when the language changes', async () => {
    applyLocale('de')
    const scope = effectScope()
    scope.run(() => useCloseLabels())
    document.body.innerHTML = '<div role="dialog"><button class="n-base-close" aria-label="close"></button></div>'
    await settle()
    const button = document.querySelector('.n-base-close')!
    expect(button.getAttribute('aria-label')).toBe('Schließen')
    button.setAttribute('aria-label', 'close')
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Schließen')
    applyLocale('zh-CN')
    await nextTick()
    expect(button.getAttribute('aria-label')).toBe('关闭')
    scope.stop()
  })
})
