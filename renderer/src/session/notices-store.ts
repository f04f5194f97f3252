// The app's notifications: a failed write, a sync error, a finished import or export. Each is
// shown once as a toast (by shell/components/NoticesCenter.vue, which owns Naive UI's notification API), kept
// in a list with a badge in the frame until the user has seen it, and, while the window is
// not focused, also given to the desktop (Electron) over `app.notify`.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { api } from '@/bridge'

export type NoticeKind = 'error' | 'warning' | 'success' | 'info'

export interface NoticeInput {
  kind: NoticeKind
  title: string
  text: string
  /** Where the thing it concerns can be seen or fixed. */
  link?: { path: string; label: string }
  /** Posting the same key again while it is listed updates it instead of adding another. */
  key?: string
}

export interface Notice extends NoticeInput {
  id: number
  at: number
  seen: boolean
}

/** The list keeps the newest ones; older ones drop off the end. */
export const NOTICES_KEPT = 50

export const useNoticesStore = defineStore('notices', () => {
  const notices = ref<Notice[]>([])
  /** The newest notice not yet shown as a toast (NoticesCenter takes it). */
  const toShow = ref<Notice[]>([])
  let nextId = 1

  const unseen = computed(() => notices.value.filter((n) => !n.seen).length)

  function post(input: NoticeInput): Notice {
    const notice: Notice = { ...input, id: nextId++, at: Date.now(), seen: false }
    const others = input.key ? notices.value.filter((n) => n.key !== input.key) : notices.value
    notices.value = [notice, ...others].slice(0, NOTICES_KEPT)
    toShow.value = [...toShow.value, notice]
    if (typeof document !== 'undefined' && !document.hasFocus()) {
      api.app.notify({ title: input.title, body: input.text.slice(0, 1000) }).catch(() => undefined)
    }
    return notice
  }

  function takeToShow(): Notice[] {
    const taken = toShow.value
    toShow.value = []
    return taken
  }

  function markAllSeen() {
    notices.value = notices.value.map((n) => (n.seen ? n : { ...n, seen: true }))
  }

  function dismiss(id: number) {
    notices.value = notices.value.filter((n) => n.id !== id)
  }

  function clear() {
    notices.value = []
  }

  return { notices, toShow, unseen, post, takeToShow, markAllSeen, dismiss, clear }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useNoticesStore, import.meta.hot))
