// The Electron security gate (issue 8): runs Doyensec's Electronegativity over a staged copy
// of what ships (package.json, electron/ and the build output) and fails on every finding
// that resources/electronegativity-waivers.json does not waive with a written reason.
// Electronegativity's command line exits 0 even with findings, so the gate reads its SARIF.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
  /** Relative to the scanned folder, with forward slashes. */
  file: string
  line: number | null
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
  if (!parsed.success) throw new Error(`${basename(file)} is not a list of { check, file, reason } waivers: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`)
}

export function waives(waiver: Waiver, finding: Finding): boolean {
  return waiver.check === finding.check && globToRegExp(waiver.file).test(finding.file)
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

/** Reads Electronegativity's SARIF report into findings with paths relative to the scanned folder. */
export function parseSarif(text: string, scannedDir: string): Finding[] {
  const report = sarifSchema.parse(JSON.parse(text))
  return report.runs.flatMap((r) =>
    r.results.flatMap((result) =>
      result.locations.map((location) => ({
        check: result.ruleId,
        file: relative(scannedDir, location.physicalLocation.artifactLocation.uri).split(sep).join('/'),
        line: location.physicalLocation.region?.startLine ?? null,
        level: result.level ?? 'warning',
        message: result.message.text,
      })),
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
    return parseSarif(readFileSync(report, 'utf8'), dir)
  } finally {
    rmSync(output, { recursive: true, force: true })
  }
}

const isShipped = (path: string) => !/(\.test\.ts$|[\\/]node_modules([\\/]|$)|[\\/]test-support([\\/]|$))/.test(path)

/**
 * Copies what ships into a temp folder: package.json, electron/ (without node_modules, unit
 * tests and their helpers, which never reach a user) and the build output out/. Electronegativity
 * cannot exclude folders itself, so scanning the checkout would also scan node_modules.
 */
export function stageShippedCode(root = REPO_ROOT): string {
  if (!existsSync(join(root, 'out/main/index.js'))) throw new Error('No build output in out/: run `npx electron-vite build` first.')
  const staged = mkdtempSync(join(tmpdir(), 'storedesk-security-scan-'))
  cpSync(join(root, 'package.json'), join(staged, 'package.json'))
  cpSync(join(root, 'electron'), join(staged, 'electron'), { recursive: true, filter: isShipped })
  cpSync(join(root, 'out'), join(staged, 'out'), { recursive: true, filter: isShipped })
  return staged
}

/** The whole gate: scan a folder and judge its findings against the waivers. */
export async function runGate(dir: string, waivers: Waiver[]): Promise<GateResult> {
  return judge(await scan(dir), waivers)
}

export function describeFinding(f: Finding): string {
  return `${f.check} at ${f.file}${f.line === null ? '' : `:${f.line}`} (${f.level}): ${f.message}`
}
