// The saved views of the order list as the page uses them: the built-in and the operator's own
// views of the store connected (saved-views.ts keeps them), the one the current filter is (none
// for a filter of its own), choosing one, and saving or deleting the operator's own.
import { computed, ref, type Ref } from 'vue'
import { useMessage } from 'naive-ui'
import { useConnectionsStore } from '@/session/connections-store'
import { orderQueryToRoute, type OrderQuery } from '@/data'
import { builtInViews, deleteUserView, loadUserViews, saveUserView, type SavedView } from './saved-views'
import { t } from '@/session/i18n'
import { failureWords } from '@/ui/error-words'

export function useSavedViews(query: Ref<OrderQuery>) {
  const connections = useConnectionsStore()
  const message = useMessage()
  const userViews = ref<SavedView[]>(connections.activeId ? loadUserViews(connections.activeId) : [])
  const views = computed(() => [...builtInViews(), ...userViews.value])
  const viewOptions = computed(() => views.value.map((v) => ({ label: v.builtIn ? v.name : t('orders.views.savedName', { name: v.name }), value: v.id })))
  /** The view the filter is now; choosing one sets the filter. */
  const currentViewId = computed<string | null>({
    get: () => views.value.find((v) => JSON.stringify(orderQueryToRoute(v.query)) === JSON.stringify(orderQueryToRoute(query.value)))?.id ?? null,
    set: (id) => {
      const view = views.value.find((v) => v.id === id)
      if (view) query.value = { ...view.query }
    },
  })
  const currentUserView = computed(() => userViews.value.find((v) => v.id === currentViewId.value) ?? null)
  const newViewName = ref('')
  /** The "Save view…" popover is open. */
  const savingView = ref(false)

  function saveView() {
    if (!connections.activeId) return
    try {
      userViews.value = saveUserView(connections.activeId, newViewName.value, query.value)
      message.success(t('orders.views.saved', { name: newViewName.value.trim() }))
      newViewName.value = ''
      savingView.value = false
    } catch (error) {
      message.error(failureWords(error))
    }
  }

  function deleteView() {
    if (!connections.activeId || !currentUserView.value) return
    userViews.value = deleteUserView(connections.activeId, currentUserView.value.id)
  }

  return { viewOptions, currentViewId, currentUserView, newViewName, savingView, saveView, deleteView }
}
