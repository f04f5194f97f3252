// A create-or-edit dialog's form: filled afresh each time the dialog opens (from the row being
// edited, or empty), checked before anything is written, written once and closed; a write that
// fails leaves the dialog open and says "Not saved: …", one that succeeds says what was saved.
// An edit sends only what it changes, and one that changes nothing sends nothing (it still
// closes and says saved: the row already holds what the form shows). The fields, their checks
// and the writes are the dialog's own, and so is what it writes to (`target`: the store's cache
// for the dialogs today; ui/ knows nothing of the data layer). Problems are Messages, said in
// the language shown now, so a field's problem follows a change of language while the dialog
// is open. `dirty` says the form differs from how it opened, for FormDialog's question before
// anything but Cancel or Save closes it (use-unsaved-changes.ts).
import { computed, ref, watch, type Ref } from 'vue'
import { useMessage } from 'naive-ui'
import { hasMessage, say, t, type Message } from '@/session/i18n'
import { differs } from './use-unsaved-changes'

/** What a schema check reports of one field (zod's issue, as far as a form needs it). */
export interface FieldIssue {
  path: readonly PropertyKey[]
  message: string
  code: string
  maximum?: unknown
}

/**
 * A form's problems by field from its schema's issues, the first one per field. The schema's
 * messages are catalog keys; a length over the limit is said with the limit's number. An issue
 * the schema gave no words (a choice no control offers) gets the general one.
 */
export function fieldProblems(issues: readonly FieldIssue[]): Record<string, Message> {
  const problems: Record<string, Message> = {}
  for (const issue of issues) {
    const field = String(issue.path[0])
    if (field in problems) continue
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') problems[field] = { key: 'form.atMost', params: { max: issue.maximum } }
    else problems[field] = { key: hasMessage(issue.message) ? issue.message : 'errors.fallback' }
  }
  return problems
}

export function useFormDialog<F extends object, T, R, C extends object>(options: {
  show: Ref<boolean>
  /** What the writes write to; nothing is written while it is null. */
  target: Readonly<Ref<T | null>>
  /** The row the dialog edits, or null when it creates one. */
  row: () => R | null
  /** The form as the dialog opens on a row. */
  formOf: (row: R) => F
  /** The form as the dialog opens to create. */
  empty: () => F
  /** What is wrong, by field; null when the form can be written. */
  check: (form: F, editing: boolean) => Partial<Record<string, Message>> | null
  /** Writes a new row from the form. */
  create: (target: T, form: F) => Promise<unknown>
  /** What an edit changes, from the form as the dialog opened (`loaded`) and as it is now. */
  changes: (loaded: F, form: F) => C
  /** Writes an edit's changes (called only when there are some). */
  update: (target: T, row: R, changes: C, form: F) => Promise<unknown>
  /** What a successful save says ("Meta field “Stock code” saved."). */
  saved: (form: F) => Message
  /** Anything else the dialog resets when it opens. */
  onOpen?: () => void
}) {
  const message = useMessage()
  const editing = computed(() => options.row() !== null)
  const initial = () => {
    const row = options.row()
    return row === null ? options.empty() : options.formOf(row)
  }
  const loaded = ref(initial()) as Ref<F>
  const form = ref({ ...loaded.value }) as Ref<F>
  const found = ref<Partial<Record<string, Message>>>({})
  const problems = computed(() => Object.fromEntries(Object.entries(found.value).map(([field, message]) => [field, message && say(message)])) as Partial<Record<keyof F & string, string>>)
  const saving = ref(false)
  const dirty = computed(() => differs(loaded.value, form.value))

  watch(options.show, (open) => {
    if (!open) return
    loaded.value = initial()
    form.value = { ...loaded.value }
    options.onOpen?.()
    found.value = {}
  })

  async function write(target: T, filled: F) {
    const row = options.row()
    if (row === null) {
      await options.create(target, filled)
      return
    }
    const changes = options.changes(loaded.value, filled)
    if (Object.keys(changes).length > 0) await options.update(target, row, changes, filled)
  }

  async function save() {
    const target = options.target.value
    if (target === null) return
    const problemsNow = options.check(form.value, editing.value)
    found.value = problemsNow ?? {}
    if (problemsNow) return
    saving.value = true
    try {
      await write(target, form.value)
      message.success(say(options.saved(form.value)))
      options.show.value = false
    } catch (error) {
      message.error(t('form.notSaved', { error: (error as Error).message }))
    } finally {
      saving.value = false
    }
  }

  return { form, problems, saving, save, editing, dirty }
}
