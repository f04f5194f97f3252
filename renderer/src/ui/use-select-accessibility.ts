// Naive UI's single n-select focuses a plain <div> with no role and no name, so a screen
// reader announces nothing useful. This gives that element the combobox role, a name and
// its expanded state. It only adds ARIA attributes; Naive UI keeps handling the keyboard
// (Enter/Space opens, arrows move, Enter picks, Escape closes).
import { onMounted, onUpdated, watch, type Ref } from 'vue'

export function useSelectAccessibility(selectRoot: Ref<{ $el?: Element } | null>, name: () => string, expanded: Ref<boolean>) {
  function label() {
    const focusable = selectRoot.value?.$el?.querySelector?.('.n-base-selection-label[tabindex], .n-base-selection-label')
    if (!focusable) return
    focusable.setAttribute('role', 'combobox')
    focusable.setAttribute('aria-label', name())
    focusable.setAttribute('aria-haspopup', 'listbox')
    focusable.setAttribute('aria-expanded', String(expanded.value))
  }
  onMounted(label)
  onUpdated(label)
  watch([expanded, name], label, { flush: 'post' })
}
