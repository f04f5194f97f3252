// @vitest-environment node
// The export folder picker, with Electron's dialog replaced: a folder dialog that can make a new
// folder, attached to the app's window when there is one, and null when the user cancels.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFolderPicker } from './folder-picker'

const shown = vi.hoisted(() => ({ calls: [] as unknown[][], answer: { canceled: false, filePaths: ['/home/ann/Documents'] } }))

vi.mock('electron', () => ({
  dialog: {
    showOpenDialog: async (...args: unknown[]) => {
      shown.calls.push(args)
      return shown.answer
    },
  },
}))

beforeEach(() => {
  shown.calls.length = 0
  shown.answer = { canceled: false, filePaths: ['/home/ann/Documents'] }
})

const OPTIONS = { title: 'Choose where to export', buttonLabel: 'Export here' }

describe('createFolderPicker', () => {
  it('asks for one folder, allowing a new one, over the app’s window', async () => {
    const window = { isDestroyed: () => false }
    const pick = createFolderPicker(() => window as never)
    expect(await pick(OPTIONS)).toBe('/home/ann/Documents')
    expect(shown.calls).toEqual([[window, { ...OPTIONS, properties: ['openDirectory', 'createDirectory'] }]])
  })

  it('shows the dialog on its own when the window is gone', async () => {
    await createFolderPicker(() => null)(OPTIONS)
    await createFolderPicker(() => ({ isDestroyed: () => true }) as never)(OPTIONS)
    expect(shown.calls).toEqual([[{ ...OPTIONS, properties: ['openDirectory', 'createDirectory'] }], [{ ...OPTIONS, properties: ['openDirectory', 'createDirectory'] }]])
  })

  it('answers null when the user cancels', async () => {
    shown.answer = { canceled: true, filePaths: [] }
    expect(await createFolderPicker(() => null)(OPTIONS)).toBeNull()
  })
})
