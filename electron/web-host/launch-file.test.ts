// @vitest-environment node
// The browser is opened with a file's path, never with anything that signs in: the file holds
// the one-time launch URL and only this user can read it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openThroughLaunchFile, openerCommand, removeLaunchFile } from './launch-file'

const LAUNCH = 'http://127.0.0.1:5123/launch-code?code=Zm9vYmFyX3NlY3JldA&x=<1>'
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storedesk-launch-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('opening the browser through a launch file', () => {
  it('gives the opener only a file URL, and the file (0600, in a 0700 folder) forwards to the launch URL', () => {
    const spawned: { command: string; args: string[] }[] = []
    const file = openThroughLaunchFile({
      dir,
      launchUrl: LAUNCH,
      env: { BROWSER: 'my-browser' },
      platform: 'linux',
      spawn: (command, args) => {
        spawned.push({ command, args })
        return { on: () => undefined, unref: () => undefined }
      },
    })
    expect(spawned).toEqual([{ command: 'my-browser', args: [expect.stringMatching(/^file:\/\//)] }])
    expect(spawned[0]!.args.join(' ')).not.toContain('Zm9vYmFyX3NlY3JldA')
    expect(fileURLToPath(spawned[0]!.args[0]!)).toBe(file)

    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700)
    }
    const html = readFileSync(file, 'utf8')
    expect(html).toContain('content="0;url=http://127.0.0.1:5123/launch-code?code=Zm9vYmFyX3NlY3JldA&amp;x=&lt;1&gt;"')

    removeLaunchFile(file)
    expect(existsSync(dirname(file))).toBe(false)
  })

  it('keeps going when no opener exists', () => {
    const file = openThroughLaunchFile({
      dir,
      launchUrl: LAUNCH,
      env: {},
      platform: 'linux',
      spawn: () => {
        throw new Error('ENOENT')
      },
    })
    expect(existsSync(file)).toBe(true)
  })

  it('uses $BROWSER, else the platform’s opener', () => {
    expect(openerCommand({ BROWSER: 'firefox' }, 'linux')).toBe('firefox')
    expect(openerCommand({}, 'linux')).toBe('xdg-open')
    expect(openerCommand({}, 'darwin')).toBe('open')
    expect(openerCommand({}, 'win32')).toBe('explorer')
  })
})
