// A create-or-edit dialog's form: filled afresh each time the dialog opens (from the row being
// edited, or empty), checked before anything is written, written once and closed; a write that
// fails leaves the dialog open and says "Not saved: …". The fields, their checks and the write
// are the dialog's own.
import { ref, watch, type Ref } from 'vue'
import { useMessage } from 'naive-ui'
import { useStoreDatabase, type StoreDatabase } from '@/data'

export function useFormDialog<F extends object>(options: {
  show: Ref<boolean>
  /** The form as the dialog opens. */
  initial: () => F
  /** What is wrong, by field; null when the form can be written. */
  check: (form: F) => Partial<Record<string, string>> | null
  /** Writes the form; `loaded` is the form as the dialog opened (an edit sends what changed). */
  write: (db: StoreDatabase, form: F, loaded: F) => Promise<void>
  /** Anything else the dialog resets when it opens. */
  onOpen?: () => void
}) {
  const database = useStoreDatabase()
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

  /** A field's validation status: marked while the last check found a problem with it. */
  function status(field: keyof F & string) {
    return problems.value[field] ? ('error' as const) : undefined
  }

  async function save() {
    const db = database.value
    if (!db) return
    const found = options.check(form.value)
    problems.value = found ?? {}
    if (found) return
    saving.value = true
    try {
      await options.write(db, form.value, loaded.value)
      options.show.value = false
    } catch (error) {
      message.error(`Not saved: ${(error as Error).message}`)
    } finally {
      saving.value = false
    }
  }

  return { form, problems, saving, status, save }
}
