// A create-or-edit dialog's form: filled afresh each time the dialog opens (from the row being
// edited, or empty), checked before anything is written, written once and closed; a write that
// fails leaves the dialog open and says "Not saved: …", one that succeeds says what was saved. The fields, their checks and the write
// are the dialog's own, and so is what it writes to (`target`: the store's cache for the dialogs
// today; ui/ knows nothing of the data layer).
import { ref, watch, type Ref } from 'vue'
import { useMessage } from 'naive-ui'

export function useFormDialog<F extends object, T>(options: {
  show: Ref<boolean>
  /** What `write` writes to; nothing is written while it is null. */
  target: Readonly<Ref<T | null>>
  /** The form as the dialog opens. */
  initial: () => F
  /** What is wrong, by field; null when the form can be written. */
  check: (form: F) => Partial<Record<string, string>> | null
  /** Writes the form; `loaded` is the form as the dialog opened (an edit sends what changed). */
  write: (target: T, form: F, loaded: F) => Promise<void>
  /** What a successful save says ("Meta field “Stock code” saved."). */
  saved: (form: F) => string
  /** Anything else the dialog resets when it opens. */
  onOpen?: () => void
}) {
  const message = useMessage()
  const loaded = ref(options.initial()) as Ref<F>
  const form = ref({ ...loaded.value }) as Ref<F>
  const problems = ref<Partial<Record<keyof F & string, string>>>({})
  const saving = ref(false)

  watch(options.show, (open) => {
    if (!open) return
    loaded.value = options.initial()
    form.value = { ...loaded.value }
    options.onOpen?.()
    problems.value = {}
  })

  async function save() {
    const target = options.target.value
    if (target === null) return
    const found = options.check(form.value)
    problems.value = found ?? {}
    if (found) return
    saving.value = true
    try {
      await options.write(target, form.value, loaded.value)
      message.success(options.saved(form.value))
      options.show.value = false
    } catch (error) {
      message.error(`Not saved: ${(error as Error).message}`)
    } finally {
      saving.value = false
    }
  }

  return { form, problems, saving, save }
}
