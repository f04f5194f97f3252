// What a person types into a date picker and the picker cannot read. Naive UI's picker reads
// the text on every keystroke, strictly in its own form ("2026-11-27 3:00:00 PM"); text it
// cannot read is dropped when the field is left, and the field shows its previous value again,
// silently. This says so as an input is left (Tab or a click elsewhere, or Enter), in the
// screens' words with the form the field reads, and marks the field until it is typed in again
// or its value changes. The value stays what it was: bad input changes nothing.
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue'
import { useMessage } from 'naive-ui'
import { format, isValid, parse } from 'date-fns'
import { t, uiLocale, type MessageKey } from '@/session/i18n'
import { NAIVE_DATE_LOCALES } from '@/ui/naive-locales'

/** Marks an input whose typed text was dropped, so a FormField around it keeps it marked invalid. */
export const UNREADABLE_ATTRIBUTE = 'data-unreadable'

/** Whether a picker of `pattern` reads `text`: as Naive UI's pickers do, it must write it back the same. */
export function pickerReads(text: string, pattern: string): boolean {
  const locale = NAIVE_DATE_LOCALES[uiLocale()].locale
  const read = parse(text, pattern, new Date(), { locale })
  return isValid(read) && format(read, pattern, { locale }) === text
}

export function useTypedDate(
  root: Readonly<Ref<{ $el?: unknown } | null>>,
  options: {
    /** The form the picker reads and writes. */
    pattern: () => string
    /** The field's value: a change of it ends the mark. */
    value: () => unknown
    /** An example of the form, with today's date. */
    example: () => string
    /** The sentence saying so (its arguments: `text`, `example`). */
    refused: MessageKey
  },
) {
  const message = useMessage()
  /** True from a dropped text until the field is typed in again or its value changes. */
  const unreadable = ref(false)

  const element = () => root.value?.$el as HTMLElement | undefined

  /** Called as an input is left: the picker drops what it cannot read then (a range's start too, as focus moves to its end). */
  /** The text last said of each input, so Enter and the blur after it say it once. */
  const said = new WeakMap<HTMLInputElement, string>()
  function leaving(input: EventTarget | null) {
    if (!(input instanceof HTMLInputElement)) return
    const text = input.value
    if (text.trim() === '' || said.get(input) === text || pickerReads(text, options.pattern())) return
    said.set(input, text)
    unreadable.value = true
    message.error(t(options.refused, { text: text.trim(), example: options.example() }))
  }

  const onFocusOut = (event: FocusEvent) => {
    // Into its calendar (shown apart from the field) is not leaving: a day picked there replaces the text.
    if (event.relatedTarget instanceof Element && event.relatedTarget.closest('.n-date-panel')) return
    leaving(event.target)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') leaving(event.target)
  }
  const onInput = (event: Event) => {
    unreadable.value = false
    if (event.target instanceof HTMLInputElement) said.delete(event.target)
  }

  let listening: HTMLElement | undefined
  onMounted(() => {
    listening = element()
    listening?.addEventListener('focusout', onFocusOut)
    // Capture: the text as typed, before the picker handles Enter.
    listening?.addEventListener('keydown', onKeyDown, true)
    listening?.addEventListener('input', onInput)
  })
  onBeforeUnmount(() => {
    listening?.removeEventListener('focusout', onFocusOut)
    listening?.removeEventListener('keydown', onKeyDown, true)
    listening?.removeEventListener('input', onInput)
  })
  watch(options.value, () => (unreadable.value = false))

  // The inputs are marked while a dropped text is being said (the picker's `status` shows it).
  watch(unreadable, (now) =>
    element()
      ?.querySelectorAll('input')
      .forEach((input) => {
        for (const name of [UNREADABLE_ATTRIBUTE, 'aria-invalid']) {
          if (now) input.setAttribute(name, 'true')
          else input.removeAttribute(name)
        }
      }),
  )

  return { unreadable }
}
