import { describe, expect, it } from 'vitest'
import { UpdateStatus } from '@common/ipc-contract'
import { updateWords } from './update-words'

describe('what About this app says about updates', () => {
  it('has words for every status', () => {
    for (const status of UpdateStatus.options) {
      for (const platform of ['linux', 'win32', 'darwin', 'freebsd']) expect(updateWords(status, platform).text.length, `${status} ${platform}`).toBeGreaterThan(20)
    }
  })

  it('says plainly why an unverifiable update is not installed, and what to do instead', () => {
    expect(updateWords('unverifiable', 'linux')).toEqual({ text: expect.stringMatching(/^Off: on Linux, Storedesk cannot check who published an update .* Install new versions from where you got Storedesk\.$/), byHand: true })
    expect(updateWords('unverifiable', 'win32').text).toMatch(/not signed, so it cannot check who published an update/)
    expect(updateWords('on', 'darwin')).toEqual({ text: expect.stringContaining('signed by Storedesk’s publisher'), byHand: false })
  })
})
