// TEMPORARY stand-in for electron/services' createMainServices while it is being built in
// parallel, so `npm run web` already serves the renderer. It answers `app.getInfo` and
// `connections.get` truthfully (nothing is connected) and refuses everything else.
// Removed as soon as createMainServices lands.
import type { HostCapabilities, MainServices } from '../services/host-contract'

export async function createServicesUntilReady(host: HostCapabilities): Promise<MainServices> {
  const notReady = { ok: false as const, error: { code: 'internal' as const, message: 'This part of Storedesk is not built yet.' } }
  return {
    async invoke(channel) {
      if (channel === 'app.getInfo') {
        return { ok: true, value: { shell: host.shell, version: host.version, platform: process.platform, secretsEncrypted: host.vault.encrypted } }
      }
      if (channel === 'connections.get') return { ok: true, value: { connections: [], activeId: null } }
      return notReady
    },
    onEvent: () => () => {},
    handleOAuthCallback: async () => ({ attemptId: null, ok: false, error: notReady.error }),
    handleLaunchLink: async () => ({ attemptId: null, ok: false, error: notReady.error }),
    async dispose() {},
  }
}
