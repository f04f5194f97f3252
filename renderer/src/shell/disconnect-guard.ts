// The question before a store is disconnected: when its database holds work that exists only on
// this computer (unsent changes, drafts, revisions), the user sees it counted and chooses to
// keep it (the default), export it, or delete it after typing the store's name; cancelling
// keeps the store connected. The data layer carries the choice out once the store is gone.
import { defineAsyncComponent, h, onScopeDispose, reactive, watch } from 'vue'
import { useDialog } from 'naive-ui'
import { say, sayList, t } from '@/session/i18n'
import { errorWords } from '@/ui/error-words'
import { registerDisconnectGuard, useConnectionsStore } from '@/session/connections-store'

// Loaded when a disconnect first asks: its form controls stay out of what loads before the first screen.
const LocalDataChoice = defineAsyncComponent(() => import('@/features/settings/LocalDataChoice.vue'))

/** Registers the guard for as long as the calling component (the frame) lives. */
export function useDisconnectGuard(): void {
  const dialog = useDialog()
  const connections = useConnectionsStore()

  async function confirmDisconnect(connectionId: string): Promise<boolean> {
    // The data layer loads after the first paint (the frame's data parts are async); by the time
    // a user disconnects they are there, and these imports only wait for them.
    const [{ chooseLocalWorkOnDisconnect, countLocalData, describeExport, describeLocalData, exportLocalData, hasLocalData, storeDatabase }, { writeWords }] =
      await Promise.all([import('@/data'), import('@/features/sync')])
    const db = storeDatabase(connectionId)
    const counts = await countLocalData(db)
    if (!hasLocalData(counts)) return true
    const connection = connections.connections.find((c) => c.id === connectionId)
    const storeName = connection?.label ?? t('shell.disconnect.thisStore')
    const summary = sayList(describeLocalData(counts))
    const state = reactive({ choice: 'keep' as 'keep' | 'delete', typedName: '', exportMessage: null as string | null })
    const exportThem = async () => {
      try {
        const done = describeExport(await exportLocalData(db, { label: storeName, shop: connection?.shop ?? '' }, writeWords))
        state.exportMessage = done ? say(done) : null
      } catch (error) {
        state.exportMessage = errorWords(error, 'settings.local.exportFailed')
      }
    }
    return new Promise<boolean>((answer) => {
      const resolve = (disconnect: boolean) => {
        stopWatching()
        answer(disconnect)
      }
      const shown = dialog.warning({
        // Wider than Naive UI's 446 px: its two buttons' words did not fit side by side.
        style: { width: 'min(600px, calc(100vw - 32px))' },
        title: t('shell.disconnect.title', { store: connection?.label ?? t('shell.disconnect.thisStore') }),
        content: () =>
          h(LocalDataChoice, {
            summary,
            storeName,
            exportMessage: state.exportMessage,
            choice: state.choice,
            'onUpdate:choice': (choice: 'keep' | 'delete') => (state.choice = choice),
            typedName: state.typedName,
            'onUpdate:typedName': (name: string) => (state.typedName = name),
            onExport: () => void exportThem(),
          }),
        positiveText: t('shell.disconnect.keep'),
        negativeText: t('shell.disconnect.stay'),
        onPositiveClick: () => {
          chooseLocalWorkOnDisconnect(connectionId, state.choice)
          resolve(true)
        },
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
      })
      // Deleting needs the store's name typed exactly; the button says which choice it carries out.
      const stopWatching = watch(
        () => [state.choice, state.typedName.trim() === storeName] as const,
        ([choice, named]) => {
          shown.positiveText = choice === 'delete' ? t('shell.disconnect.delete') : t('shell.disconnect.keep')
          shown.positiveButtonProps = { disabled: choice === 'delete' && !named }
        },
      )
    })
  }

  onScopeDispose(registerDisconnectGuard(confirmDisconnect))
}
