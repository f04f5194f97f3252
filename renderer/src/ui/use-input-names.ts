// Names the inputs a Naive UI date picker renders, in order, for screen readers: its
// `input-props` reach only the first input, and placeholders are not names (axe: label).
import { onMounted, onUpdated, type Ref } from 'vue'

export function useInputNames(root: Readonly<Ref<{ $el?: unknown } | null>>, names: () => readonly string[]): void {
  const apply = () => {
    const inputs = (root.value?.$el as HTMLElement | undefined)?.querySelectorAll('input') ?? []
    names().forEach((name, i) => inputs[i]?.setAttribute('aria-label', name))
  }
  onMounted(apply)
  onUpdated(apply)
}
