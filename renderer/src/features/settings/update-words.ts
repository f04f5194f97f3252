// What About this app says about updates (electron/main/auto-update.ts decides them): whether
// Storedesk installs new versions by itself, and when it does not, why and what to do instead.
import type { UpdateStatus } from '@common/ipc-contract'

export interface UpdateWords {
  text: string
  /** True when the person has to install new versions themselves. */
  byHand: boolean
}

export function updateWords(status: UpdateStatus, platform: string): UpdateWords {
  switch (status) {
    case 'on':
      return { text: 'Checked at every start. A new version is installed only when it is signed by Storedesk’s publisher.', byHand: false }
    case 'off':
      return { text: 'Off: this copy was built without an update address. Install new versions yourself.', byHand: true }
    case 'development':
      return { text: 'Off: this is a development run, which installs no updates.', byHand: true }
    case 'invalid-feed':
      return { text: 'Off: the update address this copy was built with is not a secure (https) address. Install new versions yourself.', byHand: true }
    case 'browser-shell':
      return { text: 'The browser shell runs the version of Storedesk it was started from; update that copy to update it.', byHand: true }
    case 'unverifiable':
      if (platform === 'linux') {
        return {
          text: 'Off: on Linux, Storedesk cannot check who published an update (AppImage and deb updates carry no publisher’s signature), so it never installs one by itself. Install new versions from where you got Storedesk.',
          byHand: true,
        }
      }
      if (platform === 'win32') {
        return { text: 'Off: this copy of Storedesk is not signed, so it cannot check who published an update, and never installs one by itself. Install new versions from a signed installer.', byHand: true }
      }
      return { text: 'Off: on this system Storedesk cannot check who published an update, so it never installs one by itself. Install new versions yourself.', byHand: true }
  }
}
