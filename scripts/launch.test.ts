// `npm start` picks Electron only where it can start, and otherwise says why in one line.
import { describe, expect, it } from 'vitest'
import { chooseShell, missingDisplay } from './launch'

const present = () => true
const linuxDesktop = { DISPLAY: ':0' }

describe('chooseShell', () => {
  it('starts Electron when its binary is installed and there is a display', () => {
    expect(chooseShell({ electron: { path: '/x/electron' }, binaryExists: present, platform: 'linux', env: linuxDesktop })).toEqual({ shell: 'electron', binary: '/x/electron' })
    expect(chooseShell({ electron: { path: '/x/Electron.app' }, binaryExists: present, platform: 'darwin', env: {} })).toEqual({ shell: 'electron', binary: '/x/Electron.app' })
  })

  it('falls back to the browser shell with one line saying why the binary could not be had', () => {
    const choice = chooseShell({ electron: { error: 'its download failed: TypeError: fetch failed' }, binaryExists: present, platform: 'linux', env: linuxDesktop })
    expect(choice).toEqual({
      shell: 'web',
      reason: 'Electron’s binary is not installed here (its download failed: TypeError: fetch failed), starting the browser shell instead.',
    })
    expect(chooseShell({ electron: { path: '/x/electron' }, binaryExists: () => false, platform: 'linux', env: linuxDesktop })).toEqual({
      shell: 'web',
      reason: 'Electron’s binary is not installed here (/x/electron is missing), starting the browser shell instead.',
    })
  })

  it('does not try to fetch the binary where there is no display for it', () => {
    expect(missingDisplay('linux', {})?.shell).toBe('web')
    expect(missingDisplay('linux', linuxDesktop)).toBeNull()
    expect(missingDisplay('darwin', {})).toBeNull()
    expect(missingDisplay('win32', {})).toBeNull()
  })

  it('falls back on Linux without a display', () => {
    const choice = chooseShell({ electron: { path: '/x/electron' }, binaryExists: present, platform: 'linux', env: {} })
    expect(choice.shell).toBe('web')
    expect(choice.shell === 'web' && choice.reason).toMatch(/no display/)
    expect(chooseShell({ electron: { path: '/x/electron' }, binaryExists: present, platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } }).shell).toBe('electron')
  })

  it('says why in exactly one line', () => {
    for (const facts of [
      { electron: { error: 'its download failed:\nError: a\n  second line' }, binaryExists: present, platform: 'linux', env: linuxDesktop },
      { electron: { path: '/x' }, binaryExists: present, platform: 'linux', env: {} },
    ]) {
      const choice = chooseShell(facts)
      expect(choice.shell === 'web' && choice.reason.split('\n')).toHaveLength(1)
    }
  })
})
