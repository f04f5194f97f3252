// The built renderer's index.html as the browser shell's host serves it, and the CSP header
// made from it. It is read when the host starts (which needs one). After that it is read again
// only when the file changed and is whole again (ends with </html>), so a rebuild beside a
// running host brings its new page and policy; while a build is writing out/ (index.html gone,
// or half written) the last good copy is served. No request, an IPC call least of all, ever
// fails because of the file: a 500 to a write the store already applied looked to the app like
// a write that never arrived.
import { readFileSync, statSync } from 'node:fs'
import { headerCsp } from '../services/renderer-csp'

export interface ServedIndex {
  html: string
  /** The Content-Security-Policy header for it (its own policy, framing forbidden). */
  csp: string
}

export class RendererIndex {
  private served: ServedIndex
  private readFrom: { mtimeMs: number; size: number }

  /** Throws when there is no index to serve: the renderer is not built. */
  constructor(private readonly file: string) {
    const { mtimeMs, size } = statSync(file)
    const html = readFileSync(file, 'utf8')
    this.served = { html, csp: headerCsp(html) }
    this.readFrom = { mtimeMs, size }
  }

  /** The page to serve now: the file as it is, when it changed and is whole; else the last good copy. */
  current(): ServedIndex {
    try {
      const { mtimeMs, size } = statSync(this.file)
      if (mtimeMs === this.readFrom.mtimeMs && size === this.readFrom.size) return this.served
      const html = readFileSync(this.file, 'utf8')
      if (/<\/html>\s*$/i.test(html)) {
        this.served = { html, csp: headerCsp(html) }
        this.readFrom = { mtimeMs, size }
      }
    } catch {
      // Gone or unreadable while a build writes it: the last good copy stays.
    }
    return this.served
  }
}
