// `npm run package` builds the host OS's installers only where Electron's binary is here,
// and otherwise names exactly what is missing, in one line.
import { describe, expect, it } from 'vitest'
import { planPackaging, type PackageFacts } from './package'

const facts = (over: Partial<PackageFacts>): PackageFacts => ({
  platform: 'linux',
  arch: 'x64',
  electronVersion: '45.5.0',
  electronDir: '/p/node_modules/electron',
  binary: { path: '/p/node_modules/electron/dist/electron' },
  ...over,
})

describe('planPackaging', () => {
  it('builds the host OS’s targets, never publishing', () => {
    expect(planPackaging(facts({}))).toEqual({ ok: true, args: ['--linux', '--publish', 'never', '--config.electronDist=/p/node_modules/electron/dist'] })
    expect(planPackaging(facts({ platform: 'win32' }))).toMatchObject({ ok: true, args: ['--win', '--publish', 'never', expect.stringContaining('electronDist')] })
  })

  it('lets electron-builder fetch both architectures for the universal dmg', () => {
    expect(planPackaging(facts({ platform: 'darwin', arch: 'arm64' }))).toEqual({ ok: true, args: ['--mac', '--publish', 'never'] })
  })

  it('names the missing binary, why, and how to get it, in one line', () => {
    const plan = planPackaging(facts({ binary: { error: 'its download failed: TypeError: fetch failed' } }))
    expect(plan).toEqual({
      ok: false,
      message:
        "Cannot build installers: Electron 45.5.0's binary for linux-x64 is missing (its download failed: TypeError: fetch failed); " +
        "run `npx install-electron` where Electron's downloads are reachable (github.com/electron/electron/releases, or a mirror in ELECTRON_MIRROR), " +
        'then `npm run package` again.',
    })
    expect(!plan.ok && plan.message.includes('\n')).toBe(false)
  })

  it('publishes update files for the feed baked into the build, and only then', () => {
    const plan = planPackaging(facts({ updateFeedUrl: 'https://updates.storedesk.example/stable' }))
    expect(plan.ok && plan.args.slice(-2)).toEqual(['--config.publish.provider=generic', '--config.publish.url=https://updates.storedesk.example/stable'])
    expect(JSON.stringify(planPackaging(facts({})))).not.toContain('publish.url')
  })

  it('refuses an OS electron-builder has no Storedesk target for', () => {
    expect(planPackaging(facts({ platform: 'freebsd' }))).toMatchObject({ ok: false, message: expect.stringMatching(/^Cannot build installers on freebsd/) })
  })
})
