// Tells the user how a connect attempt ended, wherever they are: a success lands on
// Orders of the new store; a refusal is also shown in full on the Connect page (role=alert),
// so elsewhere a message is enough.
import { watch } from 'vue'
import { useRouter } from 'vue-router'
import { useMessage } from 'naive-ui'
import { useConnectionsStore } from './connections-store'
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
        message.success(connection ? `Connected to ${connection.label}.` : 'Store connected.')
        void router.push(HOME_PATH)
      } else if (router.currentRoute.value.path !== CONNECT_PATH) {
        message.error(outcome.error?.message ?? 'The store connection was refused.')
      }
    },
  )
}
