// The Electron security gate (issue 8): runs Doyensec's Electronegativity over a staged copy
// of what ships (package.json, electron/, the renderer's sources and the build output but its
// minified renderer chunks) and fails on every finding that resources/electronegativity-waivers.json
// does not waive with a written reason. A waiver names the exact call it excuses (a fragment of
// the flagged line), so a new call of the same kind in the same file is a new finding; the
// renderer is scanned as written, where a line holds one call, not as minified chunks, where
// one line holds thousands. Electronegativity's command line exits 0 even with findings, so the
// gate reads its SARIF.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'

const run = promisify(execFile)

export const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const WAIVERS_FILE = join(REPO_ROOT, 'resources/electronegativity-waivers.json')
const ELECTRONEGATIVITY = join(REPO_ROOT, 'node_modules/.bin/electronegativity')

const waiverSchema = z.strictObject({
  /** Electronegativity's check id, e.g. OPEN_EXTERNAL_JS_CHECK. */
  check: z.string().regex(/^[A-Z0-9_]+$/, 'a check id in capitals, as Electronegativity names it'),
  /** Path relative to the scanned folder; `*` matches within one path segment (hashed build chunks). */
  file: z.string().min(1),
  /**
   * Text the flagged line must contain: the reviewed call itself, e.g. `shell.openExternal(url)`.
   * Line numbers move with every edit; the call's own text does not.
   */
  code: z.string().trim().min(8, 'a fragment of the excused call (at least 8 characters)'),
  /** Why this finding is acceptable: a reviewer must be able to judge it without asking. */
  reason: z.string().trim().min(20, 'a written reason of at least 20 characters'),
})
export type Waiver = z.infer<typeof waiverSchema>
const waiversSchema = z.array(waiverSchema)

const sarifSchema = z.object({
  runs: z.array(
    z.object({
      results: z.array(
        z.object({
          ruleId: z.string(),
          level: z.string().optional(),
          message: z.object({ text: z.string() }),
          locations: z.array(
            z.object({
              physicalLocation: z.object({
                artifactLocation: z.object({ uri: z.string() }),
                region: z.object({ startLine: z.number().optional() }).optional(),
              }),
            }),
          ),
        }),
      ),
    }),
  ),
})

export interface Finding {
  check: string
  /** Relative to the scanned folder, with forward slashes; a staged copy under its own name (see exposeToScanner). */
  file: string
  line: number | null
  /** The flagged line's text (trimmed), or null when the report names no line. */
  source: string | null
  /** The flagged line and the few after it, whitespace collapsed: a call or tag may span lines. */
  context: string | null
  level: string
  message: string
}

export interface GateResult {
  findings: Finding[]
  /** Findings no waiver covers: the gate fails when this is not empty. */
  failures: Finding[]
  /** Waivers that matched nothing: stale, so they are reported for removal. */
  unusedWaivers: Waiver[]
}

export function loadWaivers(file = WAIVERS_FILE): Waiver[] {
  const parsed = waiversSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`${basename(file)} is not a list of { check, file, code, reason } waivers: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`)
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The waiver's code must begin on the flagged line; it may run on into the next lines. */
function namesFlaggedCall(code: string, finding: Finding): boolean {
  if (finding.source === null || finding.context === null) return false
  const at = finding.context.indexOf(collapse(code))
  return at !== -1 && at < collapse(finding.source).length
}

export function waives(waiver: Waiver, finding: Finding): boolean {
  return waiver.check === finding.check && globToRegExp(waiver.file).test(finding.file) && namesFlaggedCall(waiver.code, finding)
}

/** Splits the findings into waived and failing, and names the waivers nothing used. */
export function judge(findings: Finding[], waivers: Waiver[]): GateResult {
  const used = new Set<Waiver>()
  const failures = findings.filter((finding) => {
    const waiver = waivers.find((w) => waives(w, finding))
    if (waiver) used.add(waiver)
    return !waiver
  })
  return { findings, failures, unusedWaivers: waivers.filter((w) => !used.has(w)) }
}

const CONTEXT_LINES = 5

/**
 * Reads Electronegativity's SARIF report into findings with paths relative to the scanned
 * folder, each with the text of its line read from `readSource` (the scanned files).
 */
export function parseSarif(text: string, scannedDir: string, readSource: (file: string) => string | null = () => null): Finding[] {
  const report = sarifSchema.parse(JSON.parse(text))
  const lines = new Map<string, string[] | null>()
  const linesOf = (file: string, line: number | null, count: number) => {
    if (line === null) return null
    if (!lines.has(file)) lines.set(file, readSource(file)?.split(/\r?\n/) ?? null)
    const found = lines.get(file)?.slice(line - 1, line - 1 + count)
    return found && found.length > 0 ? found : null
  }
  return report.runs.flatMap((r) =>
    r.results.flatMap((result) =>
      result.locations.map((location) => {
        const scanned = relative(scannedDir, location.physicalLocation.artifactLocation.uri).split(sep).join('/')
        const line = location.physicalLocation.region?.startLine ?? null
        const source = linesOf(scanned, line, 1)?.[0]?.trim() ?? null
        const context = linesOf(scanned, line, CONTEXT_LINES)?.join(' ') ?? null
        return { check: result.ruleId, file: originalName(scanned), line, source, context: context === null ? null : collapse(context), level: result.level ?? 'warning', message: result.message.text }
      }),
    ),
  )
}

/** Runs Electronegativity over a folder (which must hold a package.json naming Electron). */
export async function scan(dir: string): Promise<Finding[]> {
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${dir} has no package.json: Electronegativity needs it to know the Electron version.`)
  const output = mkdtempSync(join(tmpdir(), 'electronegativity-report-'))
  try {
    const report = join(output, 'report.sarif')
    await run(ELECTRONEGATIVITY, ['-i', dir, '-o', report, '-v', 'false'], { maxBuffer: 64 * 1024 * 1024 })
    if (!existsSync(report)) throw new Error('Electronegativity wrote no report.')
    return parseSarif(readFileSync(report, 'utf8'), dir, (file) => {
      try {
        return readFileSync(join(dir, file), 'utf8')
      } catch {
        return null
      }
    })
  } finally {
    rmSync(output, { recursive: true, force: true })
  }
}

/** Unit tests, their helpers and doubles never reach a user. */
const isShipped = (path: string) => !/(\.(test|spec)\.[cm]?ts$|[\\/]node_modules([\\/]|$)|[\\/](test-support|testing)([\\/]|$))/.test(path)

/** Minified renderer chunks: scanned as the renderer's sources instead (one call per line there). */
const isMinifiedChunk = (path: string) => /[\\/]out[\\/]renderer[\\/]assets[\\/].*\.[cm]?js$/.test(path)

/**
 * Electronegativity reads only .js, .jsx, .ts, .tsx and .html. Other code is given a name it
 * reads, beside the name it has: `.cjs`/`.mjs` get `.js` (the sandboxed preload is
 * out/preload/index.cjs), `.mts`/`.cts` get `.ts`, and a Vue component's script blocks become
 * `<name>.vue.ts`, its other lines blank so line numbers stay the component's.
 */
const EXPOSED: Record<string, string> = { '.cjs': '.js', '.mjs': '.js', '.cts': '.ts', '.mts': '.ts', '.vue': '.ts' }
const EXPOSED_NAME = /\.(cjs|mjs|cts|mts|vue)\.(js|ts)$/

/** The name a finding in a staged copy gives: the file's own (`index.cjs`, `Page.vue`). */
const originalName = (scanned: string) => scanned.replace(EXPOSED_NAME, '.$1')

/** A Vue component with everything but the content of its <script> blocks blanked, line for line. */
export function vueScript(component: string): string {
  let kept = ''
  let at = 0
  for (const match of component.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const start = match.index + match[1]!.length
    kept += component.slice(at, start).replace(/[^\n]/g, '') + match[2]!
    at = start + match[2]!.length
  }
  return kept + component.slice(at).replace(/[^\n]/g, '')
}

function exposeToScanner(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const extension = /\.[^.]+$/.exec(entry.name)?.[0] ?? ''
    if (!entry.isFile() || !(extension in EXPOSED)) continue
    const from = join(entry.parentPath, entry.name)
    const to = `${from}${EXPOSED[extension]}`
    if (extension === '.vue') {
      writeFileSync(to, vueScript(readFileSync(from, 'utf8')))
      rmSync(from)
    } else {
      renameSync(from, to)
    }
  }
}

/**
 * Copies what ships into a temp folder: package.json, electron/ and renderer/src/ (without
 * node_modules, unit tests and their helpers and doubles), and the build output out/ without its
 * minified renderer chunks (the renderer's sources stand for them; the built index.html, with
 * the CSP the app is served with, stays). Electronegativity cannot
 * exclude folders itself, so scanning the checkout would also scan node_modules.
 */
export function stageShippedCode(root = REPO_ROOT): string {
  if (!existsSync(join(root, 'out/main/index.js'))) throw new Error('No build output in out/: run `npx electron-vite build` first.')
  const staged = mkdtempSync(join(tmpdir(), 'storedesk-security-scan-'))
  cpSync(join(root, 'package.json'), join(staged, 'package.json'))
  for (const sources of ['electron', 'renderer/src']) {
    if (existsSync(join(root, sources))) cpSync(join(root, sources), join(staged, sources), { recursive: true, filter: isShipped })
  }
  cpSync(join(root, 'out'), join(staged, 'out'), { recursive: true, filter: (path) => isShipped(path) && !isMinifiedChunk(path) })
  exposeToScanner(staged)
  return staged
}

/** The whole gate: scan a folder and judge its findings against the waivers. */
export async function runGate(dir: string, waivers: Waiver[]): Promise<GateResult> {
  return judge(await scan(dir), waivers)
}

export function describeFinding(f: Finding): string {
  const source = f.source === null ? '' : ` in \`${f.source.length > 120 ? `${f.source.slice(0, 120)}…` : f.source}\``
  return `${f.check} at ${f.file}${f.line === null ? '' : `:${f.line}`}${source} (${f.level}): ${f.message}`
}
