// The Electron shell's folder picker for exports: the system's "choose a folder" dialog, able to
// make a new folder, attached to the app's window. Thin on purpose: what is written there, and
// how nothing gets overwritten, is electron/services/export-folder.ts.
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'
import type { HostCapabilities } from '../services/host-contract'

export function createFolderPicker(window: () => BrowserWindow | null): NonNullable<HostCapabilities['chooseFolder']> {
  return async ({ title, buttonLabel }) => {
    const options: OpenDialogOptions = { title, buttonLabel, properties: ['openDirectory', 'createDirectory'] }
    const parent = window()
    const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}
