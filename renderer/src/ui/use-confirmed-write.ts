// A change asked first (a delete, a batch over many posts): the question, then the change, then
// one toast saying what happened or, in the app's words, why not. Nothing changes unless the
// person confirms; a change with nothing to act on by then (the store was closed while the
// question was open) changes nothing and says nothing.
import { useDialog, useMessage } from 'naive-ui'
import { failureWords } from './error-words'

export interface ConfirmedWrite {
  title: string
  content: string
  confirm: string
  keep: string
  /** The change, on confirmation; false when there was nothing to change. */
  run: () => Promise<boolean | void>
  done: string
  failed: (error: string) => string
}

export function useConfirmedWrite(): (write: ConfirmedWrite) => void {
  const dialog = useDialog()
  const message = useMessage()
  return (write) => {
    dialog.warning({
      title: write.title,
      content: write.content,
      positiveText: write.confirm,
      negativeText: write.keep,
      onPositiveClick: async () => {
        try {
          if ((await write.run()) === false) return
          message.success(write.done)
        } catch (error) {
          message.error(write.failed(failureWords(error)))
        }
      },
    })
  }
}
