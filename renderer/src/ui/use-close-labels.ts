// Naive UI names the close button of its dialogs, drawers, cards and notifications "close",
// in English, whatever locale it is given (its base close button hard-codes the label). A
// person with a screen reader hears the app's language everywhere else, so every such button
// is renamed in the app's language as it appears, and again when the language changes.
import { onScopeDispose, watch } from 'vue'
import { t } from '@/session/i18n'

const CLOSE = '.n-base-close'

/** Keeps every Naive UI close button in the document named in the app's language. */
export function useCloseLabels(root: () => Element = () => document.body): void {
  const name = (el: Element) => {
    const label = t('common.close')
    // Setting the same value again would be a mutation too: only a different name is written.
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label)
  }
  const nameAll = () => root().querySelectorAll(CLOSE).forEach(name)
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element && record.target.matches(CLOSE)) name(record.target)
        continue
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue
        if (node.matches(CLOSE)) name(node)
        node.querySelectorAll(CLOSE).forEach(name)
      }
    }
  })
  observer.observe(root(), { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] })
  nameAll()
  watch(() => t('common.close'), nameAll)
  onScopeDispose(() => observer.disconnect())
}
