// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { choosePort, portTakenMessage, rememberedPort, rememberPort } from './port-memory'

let profile: string
beforeEach(() => {
  profile = mkdtempSync(join(tmpdir(), 'storedesk-port-'))
})
afterEach(() => rmSync(profile, { recursive: true, force: true }))

describe('the browser shell’s port per profile', () => {
  it('picks a free port the first time and the same one on every later start', () => {
    expect(choosePort(null, profile)).toBe(0)
    rememberPort(profile, 41234)
    expect(rememberedPort(profile)).toBe(41234)
    expect(choosePort(null, profile)).toBe(41234)
  })

  it('lets --port win, and ignores a file it cannot use', () => {
    rememberPort(profile, 41234)
    expect(choosePort(5000, profile)).toBe(5000)
    writeFileSync(join(profile, 'web-host.json'), '{"port":"__proto__"}')
    expect(choosePort(null, profile)).toBe(0)
    writeFileSync(join(profile, 'web-host.json'), 'not json')
    expect(rememberedPort(profile)).toBeNull()
  })

  it('says what to do when the port is taken', () => {
    expect(portTakenMessage(41234, false)).toMatch(/is Storedesk already running\?/)
    expect(portTakenMessage(5000, true)).toBe('Port 5000 is in use by another program. Choose another with --port.')
  })
})
