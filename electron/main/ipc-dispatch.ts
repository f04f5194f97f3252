// The one gate every ipcMain message passes (in the manner of electron/fiddle's
// src/main/ipc.ts): the sender must be the app's own window and page, then the services
// validate and run the channel. Pure, so the refusals are unit-tested under Node;
// ipc.ts only registers it with Electron.
import type { ChannelName, IpcResult } from '../common/ipc-contract'
import type { MainServices } from '../services/host-contract'
import { isTrustedSender, type AppIdentity, type SenderFacts } from './trust'

export const REFUSED_SENDER: IpcResult<never> = { ok: false, error: { code: 'bad_request', message: 'Refused: unknown sender' } }

export type IpcDispatch = (channel: ChannelName, sender: SenderFacts, args: unknown) => Promise<IpcResult<unknown>>

/**
 * Channels the Electron shell answers itself, on the sending window (printing it): they act on
 * that webContents, which the host-agnostic services know nothing of. Same sender check first.
 */
export type WindowChannels = Partial<Record<ChannelName, (args: unknown[], webContentsId: number) => Promise<IpcResult<unknown>>>>

/** Where a refused message came from, for the log: scheme and host only, never the payload. */
function describeSender(sender: SenderFacts): string {
  let where = 'no frame'
  if (sender.frameUrl !== null) {
    try {
      const url = new URL(sender.frameUrl)
      where = `${url.protocol}//${url.host}`
    } catch {
      where = 'an unparsable URL'
    }
  }
  return `webContents ${sender.webContentsId}, ${sender.isMainFrame ? 'main frame' : 'subframe'}, ${where}`
}

export function createIpcDispatch(deps: {
  services: () => Promise<MainServices>
  app: () => AppIdentity
  log: (message: string) => void
  windowChannels?: WindowChannels
}): IpcDispatch {
  return async (channel, sender, args) => {
    if (!isTrustedSender(sender, deps.app())) {
      deps.log(`Refused ${channel} from an unknown sender (${describeSender(sender)})`)
      return REFUSED_SENDER
    }
    if (!Array.isArray(args)) return { ok: false, error: { code: 'bad_request', message: 'The request’s arguments must be a list.' } }
    try {
      const own = deps.windowChannels?.[channel]
      if (own) return await own(args, sender.webContentsId)
      return await (await deps.services()).invoke(channel, args)
    } catch {
      deps.log(`${channel} failed inside the ${deps.windowChannels?.[channel] ? 'window' : 'services'}`)
      return { ok: false, error: { code: 'internal', message: 'Something went wrong inside Storedesk.' } }
    }
  }
}
