// What the browser shell gives the services: a plain 0600 secrets file (a browser has no OS
// keyring to lend us; the UI says so), the loopback OAuth redirect, and no system-browser
// opener (the renderer opens the authorize page in a new tab itself).
import { join } from 'node:path'
import type { HostCapabilities } from '../services/host-contract'
import { createFileVault } from '../services/vault'

export function webHostCapabilities(options: { profileDir: string; version: string; redirectUri: string; demoStoreUrl?: string }): HostCapabilities {
  return {
    shell: 'web',
    version: options.version,
    updates: 'browser-shell',
    profileDir: options.profileDir,
    vault: createFileVault(join(options.profileDir, 'secrets.json')),
    redirectUri: () => options.redirectUri,
    openExternal: async () => false,
    ...(options.demoStoreUrl !== undefined ? { demoStoreUrl: options.demoStoreUrl } : {}),
  }
}
