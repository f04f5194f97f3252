// storedesk:// links from argv and open-url: found by scheme wherever they sit, sorted
// into OAuth callbacks and launch links, anything else ignored.
import { describe, expect, it } from 'vitest'
import { classifyDeepLink, findDeepLinkInArgv, profileFromArgs } from './deep-links'

describe('findDeepLinkInArgv', () => {
  it('finds the link by its scheme in the middle of argv, not by position', () => {
    const argv = ['/opt/Storedesk/storedesk', '--profile=/tmp/p', 'storedesk://oauth/callback?code=abc&state=s', '--enable-features=X', '--no-sandbox']
    expect(findDeepLinkInArgv(argv)).toBe('storedesk://oauth/callback?code=abc&state=s')
  })

  it('answers null when there is none, and ignores look-alikes', () => {
    expect(findDeepLinkInArgv(['/opt/Storedesk/storedesk', '--flag', 'https://storedesk.example/'])).toBeNull()
    expect(findDeepLinkInArgv(['/opt/Storedesk/storedesk', 'xstoredesk://oauth/callback', '--storedesk://oauth'])).toBeNull()
    expect(findDeepLinkInArgv([])).toBeNull()
  })
})

describe('classifyDeepLink', () => {
  it('recognises the OAuth callback and the launch link, keeping the whole URL', () => {
    expect(classifyDeepLink('storedesk://oauth/callback?code=abc&shop=127.0.0.1%3A4010&hmac=ff')).toEqual({
      kind: 'oauth-callback',
      url: 'storedesk://oauth/callback?code=abc&shop=127.0.0.1%3A4010&hmac=ff',
    })
    expect(classifyDeepLink('storedesk://launch?shop=acme.example.com&timestamp=1&hmac=ff')).toEqual({
      kind: 'launch',
      url: 'storedesk://launch?shop=acme.example.com&timestamp=1&hmac=ff',
    })
  })

  it('ignores other paths, other schemes, credentials and garbage', () => {
    expect(classifyDeepLink('storedesk://oauth/other?code=abc')).toBeNull()
    expect(classifyDeepLink('storedesk://evil/callback')).toBeNull()
    expect(classifyDeepLink('storedesk://user:pw@oauth/callback?code=abc')).toBeNull()
    expect(classifyDeepLink('https://oauth/callback?code=abc')).toBeNull()
    expect(classifyDeepLink('storedesk:oauth/callback')).toBeNull()
    expect(classifyDeepLink('::::')).toBeNull()
  })
})

describe('profileFromArgs', () => {
  it('takes --profile=DIR or --profile DIR before STOREDESK_PROFILE, else Electron’s default', () => {
    expect(profileFromArgs(['electron', '.', '--profile=/tmp/a'], { STOREDESK_PROFILE: '/tmp/env' })).toBe('/tmp/a')
    expect(profileFromArgs(['electron', '--profile', '/tmp/b'], {})).toBe('/tmp/b')
    expect(profileFromArgs(['electron', '.'], { STOREDESK_PROFILE: '/tmp/env' })).toBe('/tmp/env')
    expect(profileFromArgs(['electron', '.'], {})).toBeNull()
  })
})
