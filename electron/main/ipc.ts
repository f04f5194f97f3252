// Registers the one IPC gate (ipc-dispatch.ts) with Electron: a handler for every contract
// channel, nothing else. Each message's sender facts come from its frame, read at the
// moment it arrives.
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { CHANNEL_NAMES } from '../common/ipc-contract'
import type { IpcDispatch } from './ipc-dispatch'
import type { SenderFacts } from './trust'

function senderFacts(event: IpcMainInvokeEvent): SenderFacts {
  const frame = event.senderFrame
  return { webContentsId: event.sender.id, frameUrl: frame?.url ?? null, isMainFrame: frame !== null && frame.parent === null }
}

export function registerIpc(dispatch: IpcDispatch): void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, args: unknown) => dispatch(channel, senderFacts(event), args))
  }
}
