// How `npm run web` opens the browser: the opener (here a recorder standing in for
// xdg-open) is given a private file's address, not the launch secret or anything else that
// signs in, and that file brings a real Chromium into the app, once.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from './support/fixtures'
import { startProcess } from './support/processes'

test('the browser is opened through a one-time launch file, and no command line carries a sign-in', async ({ browser, profileDir }) => {
  const bin = mkdtempSync(join(tmpdir(), 'storedesk-opener-'))
  const recorder = join(bin, 'record-opener.sh')
  writeFileSync(recorder, `#!/bin/sh\nprintf '%s\\n' "$0" "$@" > "${join(bin, 'argv.txt')}"\n`)
  chmodSync(recorder, 0o755)
  const host = await startProcess('electron/web-host/cli.ts', ['--port', '0', '--profile', profileDir], /Storedesk: (http:\/\/127\.0\.0\.1:\d+\/\S*)/, { env: { BROWSER: recorder } })
  try {
    const secret = new URL(host.url).searchParams.get('launch')!
    const recorded = () => {
      try {
        return readFileSync(join(bin, 'argv.txt'), 'utf8')
      } catch {
        return ''
      }
    }
    await expect.poll(recorded).toMatch(/^file:\/\//m)
    const argv = recorded().trim().split('\n')
    expect(argv).toHaveLength(2)
    const launchFile = argv[1]!
    expect(launchFile).toMatch(/^file:\/\/.*\/open-storedesk\.html$/)
    expect(argv.join(' ')).not.toContain(secret)
    expect(argv.join(' ')).not.toMatch(/code=|launch=/)
    expect(readFileSync(`/proc/${host.pid}/cmdline`, 'utf8')).not.toContain(secret)

    const context = await browser.newContext()
    const tab = await context.newPage()
    await tab.goto(launchFile)
    await expect(tab).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/#\/connect$/)
    await expect(tab.getByRole('heading', { name: 'Connect a store', level: 1 })).toBeVisible()

    // The file's code is spent: opening it again in a fresh browser signs nothing in.
    const other = await (await browser.newContext()).newPage()
    await other.goto(launchFile)
    await expect(other.getByText('already used or is more than a minute old')).toBeVisible()
    await context.close()
    await other.context().close()
  } finally {
    await host.stop()
    rmSync(bin, { recursive: true, force: true })
  }
})
