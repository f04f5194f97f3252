// Finds a Chromium for the end-to-end suite: $CHROMIUM_PATH, then PATH, then /usr/bin,
// then one Playwright installed. `npx playwright install` cannot download here, so a
// clear message beats Playwright's own "browser not found".
import { existsSync, readdirSync } from 'node:fs'
import { join, delimiter } from 'node:path'
import { homedir } from 'node:os'

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH]
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) candidates.push(join(dir, name))
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser')
  const cache = join(homedir(), '.cache', 'ms-playwright')
  if (existsSync(cache)) {
    for (const entry of readdirSync(cache).filter((e) => e.startsWith('chromium'))) {
      candidates.push(join(cache, entry, 'chrome-linux', 'chrome'), join(cache, entry, 'chrome-linux64', 'chrome'))
    }
  }
  const found = candidates.find((c): c is string => !!c && existsSync(c))
  if (!found) {
    throw new Error('No Chromium found for the end-to-end tests. Install one (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH.')
  }
  return found
}
