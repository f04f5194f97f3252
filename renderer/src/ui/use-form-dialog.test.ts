import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick, ref } from 'vue'
import fc from 'fast-check'
import { applyLocale, t } from '@/session/i18n'

const toasts: string[] = []
vi.mock('naive-ui', () => ({
  useMessage: () => ({ success: (text: string) => toasts.push(`success: ${text}`), error: (text: string) => toasts.push(`error: ${text}`) }),
}))
const { useFormDialog } = await import('./use-form-dialog')

beforeEach(() => {
  toasts.length = 0
})
afterEach(() => applyLocale('en'))

interface Form {
  title: string
  note: string
}
interface Row {
  key: string
  title: string
  note: string
}

/** A dialog as CollectionFormDialog and DefinitionDialog use it, with its writes recorded. */
function dialog(row: Row | null, options: { fail?: string } = {}) {
  const show = ref(false)
  const edited = ref<Row | null>(row)
  const writes: unknown[] = []
  const state = useFormDialog({
    show,
    target: ref('db'),
    row: () => edited.value,
    formOf: (r: Row) => ({ title: r.title, note: r.note }),
    empty: (): Form => ({ title: '', note: '' }),
    check: (form) => (form.title.trim() ? null : { title: { key: 'errors.fallback' } }),
    create: async (target, form) => {
      if (options.fail) throw new Error(options.fail)
      writes.push(['create', target, { ...form }])
    },
    changes: (loaded, form) => Object.fromEntries(Object.entries(form).filter(([field, value]) => loaded[field as keyof Form] !== value)),
    update: async (target, r, changes) => {
      if (options.fail) throw new Error(options.fail)
      writes.push(['update', target, r.key, changes])
    },
    saved: (form) => ({ key: 'collections.form.saved', params: { title: form.title } }),
  })
  return { show, writes, ...state }
}

async function open(d: { show: { value: boolean } }) {
  d.show.value = true
  await nextTick()
}

describe('a create-or-edit dialog', () => {
  it('creates from an empty form and closes saying what was saved', async () => {
    const d = dialog(null)
    await open(d)
    expect(d.editing.value).toBe(false)
    expect(d.form.value).toEqual({ title: '', note: '' })
    d.form.value.title = 'Summer reads'
    await d.save()
    expect(d.writes).toEqual([['create', 'db', { title: 'Summer reads', note: '' }]])
    expect(d.show.value).toBe(false)
    expect(toasts).toEqual([`success: ${t('collections.form.saved', { title: 'Summer reads' })}`])
  })

  it('writes nothing while the form has a problem, and says which field', async () => {
    const d = dialog(null)
    await open(d)
    await d.save()
    expect(d.writes).toEqual([])
    expect(d.show.value).toBe(true)
    expect(d.problems.value.title).toBe(t('errors.fallback'))
  })

  it('sends an edit’s changes only, and nothing when nothing changed', async () => {
    const d = dialog({ key: 'c1', title: 'Summer', note: 'warm' })
    await open(d)
    expect(d.editing.value).toBe(true)
    await d.save()
    expect(d.writes).toEqual([])
    expect(d.show.value).toBe(false)
    await open(d)
    d.form.value.note = 'hot'
    await d.save()
    expect(d.writes).toEqual([['update', 'db', 'c1', { note: 'hot' }]])
  })

  it('stays open and says "Not saved" when the write fails', async () => {
    const d = dialog({ key: 'c1', title: 'Summer', note: 'warm' }, { fail: 'disk full' })
    await open(d)
    d.form.value.title = 'Autumn'
    await d.save()
    expect(d.show.value).toBe(true)
    expect(toasts).toEqual([`error: ${t('form.notSaved', { error: 'disk full' })}`])
  })

  it('holds changes while the form differs from how it opened, and none again when reopened', async () => {
    const d = dialog({ key: 'r1', title: 'Spring', note: '' })
    await open(d)
    expect(d.dirty.value).toBe(false)
    d.form.value.note = 'new'
    expect(d.dirty.value).toBe(true)
    d.form.value.note = ''
    expect(d.dirty.value).toBe(false)
    d.form.value.title = 'Summer'
    d.show.value = false
    await nextTick()
    await open(d)
    expect(d.dirty.value).toBe(false)
    expect(d.form.value.title).toBe('Spring')
  })

  it('for any edit, sends exactly the fields that differ from the row, or nothing', async () => {
    const text = fc.constantFrom('', 'a', 'b')
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (title, note, newTitle, newNote) => {
        const d = dialog({ key: 'k', title: title || 'x', note })
        await open(d)
        d.form.value = { title: newTitle || 'x', note: newNote }
        await d.save()
        const changed = { ...((newTitle || 'x') !== (title || 'x') ? { title: newTitle || 'x' } : {}), ...(newNote !== note ? { note: newNote } : {}) }
        expect(d.writes).toEqual(Object.keys(changed).length > 0 ? [['update', 'db', 'k', changed]] : [])
      }),
    )
  })
})
