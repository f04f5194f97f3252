// The browser shell's options: where the profile lives, when a browser is opened, and the
// one-line refusals for a wrong port or demo store URL.
import { describe, expect, it } from 'vitest'
import { parseCliOptions } from './cli-options'

const home = '/home/merchant'

describe('parseCliOptions', () => {
  it('defaults to the profile’s port, the XDG config profile, opening a browser and the embedded demo store', () => {
    expect(parseCliOptions([], {}, home)).toEqual({ port: null, profileDir: '/home/merchant/.config/storedesk', openBrowser: true })
    expect(parseCliOptions([], { XDG_CONFIG_HOME: '/xdg' }, home).profileDir).toBe('/xdg/storedesk')
  })

  it('takes the profile from --profile before STOREDESK_PROFILE', () => {
    expect(parseCliOptions([], { STOREDESK_PROFILE: '/tmp/env-profile' }, home).profileDir).toBe('/tmp/env-profile')
    expect(parseCliOptions(['--profile', '/tmp/flag-profile'], { STOREDESK_PROFILE: '/tmp/env-profile' }, home).profileDir).toBe('/tmp/flag-profile')
  })

  it('makes a relative profile absolute, so the services never depend on the working directory', () => {
    expect(parseCliOptions(['--profile', 'profiles/test'], {}, home).profileDir).toBe(`${process.cwd()}/profiles/test`)
  })

  it('does not open a browser with --no-open or BROWSER=none', () => {
    expect(parseCliOptions(['--no-open'], {}, home).openBrowser).toBe(false)
    expect(parseCliOptions([], { BROWSER: 'none' }, home).openBrowser).toBe(false)
  })

  it('takes the port and a demo store URL from flags or the environment', () => {
    const options = parseCliOptions(['--port', '4321', '--demo-store-url', 'http://127.0.0.1:4010'], {}, home)
    expect(options).toMatchObject({ port: 4321, demoStoreUrl: 'http://127.0.0.1:4010' })
    expect(parseCliOptions([], { STOREDESK_DEMO_STORE_URL: 'http://127.0.0.1:5000' }, home).demoStoreUrl).toBe('http://127.0.0.1:5000')
  })

  it('refuses a bad port, a non-http demo store URL and unknown flags', () => {
    expect(() => parseCliOptions(['--port', 'eighty'], {}, home)).toThrow(/--port must be a number/)
    expect(() => parseCliOptions(['--port', '70000'], {}, home)).toThrow(/--port must be a number/)
    expect(() => parseCliOptions(['--demo-store-url', 'file:///etc/passwd'], {}, home)).toThrow(/--demo-store-url must be an http/)
    expect(() => parseCliOptions(['--verbose'], {}, home)).toThrow()
  })
})
