// Reacts to a finished connect attempt wherever the user is: a success lands on Orders of
// the new store. Refusals are shown as alerts (role=alert) by the Connect page and, on any
// other screen, by the frame (`refusalElsewhere`), since a toast is not announced.
import { computed, ref, watch } from 'vue'
import { useRouter } from 'vue-router'
import { useMessage } from 'naive-ui'
import { useConnectionsStore } from '@/session/connections-store'
import { t } from '@/session/i18n'
import { CONNECT_PATH, HOME_PATH } from './router'

export function useConnectOutcomeNotices() {
  const connections = useConnectionsStore()
  const router = useRouter()
  const message = useMessage()

  watch(
    () => connections.lastOutcome,
    (outcome) => {
      if (!outcome) return
      if (outcome.ok) {
        const connection = connections.connections.find((c) => c.id === outcome.connectionId)
        message.success(connection ? t('outcome.connectedTo', { label: connection.label }) : t('outcome.connected'))
        void router.push(HOME_PATH)
      }
    },
  )

  const dismissed = ref<object | null>(null)
  const refusalElsewhere = computed(() => {
    const outcome = connections.lastOutcome
    if (!outcome || outcome.ok || outcome === dismissed.value || router.currentRoute.value.path === CONNECT_PATH) return null
    return outcome.error?.message ?? t('connect.refused')
  })
  function dismissRefusal() {
    dismissed.value = connections.lastOutcome
  }
  return { refusalElsewhere, dismissRefusal }
}
