// A dialog's typed changes, kept from every way of leaving it the person did not choose.
//
// INVARIANT (unsaved changes): while a dialog holds changes the person made (its form differs
// from how it opened), nothing that leaves it discards them without a confirmed "Discard": a
// navigation of any kind (Back, Forward, a link, a shortcut), a store switch made in this
// window, Escape, the ✕, a click on the mask, the window closing or reloading. Each asks
// "Discard your changes?" first. "Keep editing" is the default and changes nothing: the
// navigation or switch is cancelled (vue-router puts the address and the history back), the
// dialog keeps its text and its order. "Discard" closes the dialog, then the navigation goes on.
// A dialog without changes is closed by any of them without a question. The dialog's own Cancel
// button is the person's explicit choice to drop the form, and closes without asking.
// One question at a time: two ways of leaving at once (Back pressed twice) share it.
import { computed, h, inject, nextTick, onScopeDispose } from 'vue'
import { routerKey } from 'vue-router'
import { useDialog } from 'naive-ui'
import { useEventListener } from '@vueuse/core'
import { shell } from '@/bridge'
import { registerSwitchGuard } from '@/session/connections-store'
import { t } from '@/session/i18n'

export interface UnsavedChangesOptions {
  /** The dialog is open. */
  open: () => boolean
  /** Its form differs from how it opened (and is not being saved right now). */
  dirty: () => boolean
  /** Closes the dialog, dropping what was typed. */
  discard: () => void
}

/** A form differs from how it opened: any field's value is not the one it opened with. */
export function differs<F extends object>(opened: F, now: F): boolean {
  const keys = new Set([...Object.keys(opened), ...Object.keys(now)])
  return [...keys].some((key) => !sameValue(opened[key as keyof F], now[key as keyof F]))
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]))
  return Object.is(a, b)
}

const QUESTION_CLASS = 'unsaved-changes-question'
const TITLE_ID = 'unsaved-changes-title'
const TEXT_ID = 'unsaved-changes-text'

type DialogApi = ReturnType<typeof useDialog>

/** The question on screen now, by the dialog provider showing it: every way of leaving meanwhile shares it. */
const asking = new WeakMap<DialogApi, Promise<boolean>>()

/** "Discard your changes?": true on Discard; Keep editing, Escape or a click beside it is false. */
function askDiscard(dialog: DialogApi): Promise<boolean> {
  const shown = asking.get(dialog)
  if (shown) return shown
  const answered = new Promise<boolean>((answer) => {
    dialog.warning({
      class: QUESTION_CLASS,
      title: () => h('span', { id: TITLE_ID }, t('unsavedChanges.title')),
      content: () => h('div', { id: TEXT_ID }, t('unsavedChanges.content')),
      positiveText: t('unsavedChanges.keep'),
      negativeText: t('unsavedChanges.discard'),
      // No ✕: Escape and a click beside the question are both "Keep editing".
      closable: false,
      onPositiveClick: () => answer(false),
      onNegativeClick: () => answer(true),
      onAfterLeave: () => answer(false),
    })
    void nextTick(() => {
      const question = document.querySelector<HTMLElement>(`.${QUESTION_CLASS}`)
      // Named and described by its own words, as every dialog of the app is.
      question?.setAttribute('aria-labelledby', TITLE_ID)
      question?.setAttribute('aria-describedby', TEXT_ID)
      // "Keep editing" is the default: Enter keeps, and the keyboard is never left on the field behind.
      question?.querySelector<HTMLElement>('.n-dialog__action .n-button:last-child')?.focus()
    })
  }).finally(() => asking.delete(dialog))
  asking.set(dialog, answered)
  return answered
}

export function useUnsavedChanges(options: UnsavedChangesOptions) {
  const dialog = useDialog()

  /**
   * Before the dialog is left (a navigation, a switch, Escape, the ✕): true when it may go, and
   * then it is closed; a dialog with typed changes asks first, and stays as it is on Keep editing.
   */
  async function leave(): Promise<boolean> {
    if (!options.open()) return true
    if (options.dirty() && !(await askDiscard(dialog))) return false
    options.discard()
    return true
  }

  /** Escape, the ✕ or the mask: closes at once without changes, asks first with them. */
  function requestClose(): void {
    void leave()
  }

  // A route guard, so Back, Forward, links and shortcuts all ask before they go.
  const router = inject(routerKey, null)
  if (router) onScopeDispose(router.beforeEach((to, from) => to.fullPath === from.fullPath || leave()))
  onScopeDispose(registerSwitchGuard(leave))

  // Closing or reloading the window: the browser asks in its own words. Electron cancels the
  // unload without a word, so the question is asked here; Discard then closes the window.
  useEventListener(window, 'beforeunload', (event: BeforeUnloadEvent) => {
    if (!options.open() || !options.dirty()) return
    event.preventDefault()
    event.returnValue = ''
    if (shell === 'electron') void leave().then((gone) => gone && window.close())
  })

  /** The dialog's `show` for v-model: setting it false is a request to close. */
  const shown = computed({
    get: options.open,
    set: (value: boolean) => {
      if (!value) requestClose()
    },
  })

  return { shown, requestClose, leave }
}
