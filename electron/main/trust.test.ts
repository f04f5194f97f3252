// Who the Electron main trusts: IPC senders, navigation targets, external links, and when
// safeStorage really encrypts.
import { describe, expect, it } from 'vitest'
import { chooseVaultKind, isAllowedNavigation, isExternalWebUrl, isTrustedSender } from './trust'

const entryUrl = 'app://storedesk/'
const app = { windowContentsId: 7, entryUrl }
const fromApp = { webContentsId: 7, frameUrl: `${entryUrl}#/orders`, isMainFrame: true }

describe('isTrustedSender', () => {
  it('accepts the main frame of the app window showing the app page, whatever its route', () => {
    expect(isTrustedSender(fromApp, app)).toBe(true)
    expect(isTrustedSender({ ...fromApp, frameUrl: entryUrl }, app)).toBe(true)
  })

  it('refuses a foreign origin in the app window', () => {
    expect(isTrustedSender({ ...fromApp, frameUrl: 'https://evil.example/index.html' }, app)).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: 'file:///tmp/downloaded/index.html' }, app)).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: 'file:///opt/Storedesk/resources/app.asar/out/renderer/index.html' }, app)).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: 'app://storedesk/other.html' }, app)).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: 'app://elsewhere/' }, app)).toBe(false)
  })

  it('refuses a subframe, even one showing the app page', () => {
    expect(isTrustedSender({ ...fromApp, isMainFrame: false }, app)).toBe(false)
  })

  it('refuses another window, a vanished frame, and any sender while there is no window', () => {
    expect(isTrustedSender({ ...fromApp, webContentsId: 8 }, app)).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: null }, app)).toBe(false)
    expect(isTrustedSender(fromApp, { ...app, windowContentsId: null })).toBe(false)
    expect(isTrustedSender({ ...fromApp, frameUrl: 'not a url' }, app)).toBe(false)
  })
})

describe('isAllowedNavigation', () => {
  it('allows the app page itself (reload, routes) and nothing else', () => {
    expect(isAllowedNavigation(`${entryUrl}#/blogs`, entryUrl)).toBe(true)
    expect(isAllowedNavigation('app://storedesk', entryUrl)).toBe(true)
    expect(isAllowedNavigation('app://storedesk/assets/index.js', entryUrl)).toBe(false)
    expect(isAllowedNavigation('file:///opt/Storedesk/resources/app.asar/out/renderer/index.html', entryUrl)).toBe(false)
    expect(isAllowedNavigation('https://shop.example/admin', entryUrl)).toBe(false)
    expect(isAllowedNavigation('file:///etc/passwd', entryUrl)).toBe(false)
    expect(isAllowedNavigation('javascript:alert(1)', entryUrl)).toBe(false)
    expect(isAllowedNavigation('storedesk://oauth/callback?code=x', entryUrl)).toBe(false)
  })
})

describe('isExternalWebUrl', () => {
  it('hands only http(s) links to the system browser', () => {
    expect(isExternalWebUrl('https://help.example/guide')).toBe(true)
    expect(isExternalWebUrl('http://127.0.0.1:4010/admin/oauth/authorize?x=1')).toBe(true)
    expect(isExternalWebUrl('file:///etc/passwd')).toBe(false)
    expect(isExternalWebUrl('smb://host/share')).toBe(false)
    expect(isExternalWebUrl('javascript:alert(1)')).toBe(false)
    expect(isExternalWebUrl('not a url')).toBe(false)
  })
})

describe('chooseVaultKind', () => {
  it('encrypts with a real OS keyring', () => {
    expect(chooseVaultKind({ encryptionAvailable: true, platform: 'darwin' })).toBe('encrypted')
    expect(chooseVaultKind({ encryptionAvailable: true, platform: 'win32' })).toBe('encrypted')
    expect(chooseVaultKind({ encryptionAvailable: true, platform: 'linux', linuxBackend: 'gnome_libsecret' })).toBe('encrypted')
  })

  it('falls back to the plain file when encryption is unavailable or Linux offers only basic_text', () => {
    expect(chooseVaultKind({ encryptionAvailable: false, platform: 'darwin' })).toBe('file')
    expect(chooseVaultKind({ encryptionAvailable: true, platform: 'linux', linuxBackend: 'basic_text' })).toBe('file')
  })
})
