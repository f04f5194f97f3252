// What About this app says about updates (electron/main/auto-update.ts decides them): whether
// Storedesk installs new versions by itself, and when it does not, why and what to do instead.
import type { UpdateStatus } from '@common/ipc-contract'
import { t } from '@/session/i18n'

export interface UpdateWords {
  text: string
  /** True when the person has to install new versions themselves. */
  byHand: boolean
}

export function updateWords(status: UpdateStatus, platform: string): UpdateWords {
  switch (status) {
    case 'on':
      return { text: t('settings.update.on'), byHand: false }
    case 'off':
      return { text: t('settings.update.off'), byHand: true }
    case 'development':
      return { text: t('settings.update.development'), byHand: true }
    case 'invalid-feed':
      return { text: t('settings.update.invalidFeed'), byHand: true }
    case 'browser-shell':
      return { text: t('settings.update.browserShell'), byHand: true }
    case 'unverifiable':
      if (platform === 'linux') {
        return { text: t('settings.update.linux'), byHand: true }
      }
      if (platform === 'win32') {
        return { text: t('settings.update.windows'), byHand: true }
      }
      return { text: t('settings.update.other'), byHand: true }
  }
}
