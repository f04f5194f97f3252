// The bench's report: the rows every figure adds (a measure beside its baseline, with its
// budget), the machine they were measured on, bench/results.json, the table printed at the end,
// and the same table written into README.md and docs/benchmarks.md between their markers, so
// one full run fills both.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, freemem, totalmem } from 'node:os'
import { join } from 'node:path'

export interface Row {
  figure: string
  measure: string
  value: number | null
  unit: string
  baseline: number | null
  baselineLabel: string
  /** value / baseline, when both exist. */
  ratio: number | null
  budget: string
  /** null: no budget on this line, or not measured. */
  pass: boolean | null
  note?: string
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
export const median = (values: number[]) => percentile(values, 50)
export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error))

/** The rows of one run, in the order the figures add them. */
export class Report {
  readonly rows: Row[] = []

  /** A measure; the ratio is value / baseline unless given. */
  add(row: Omit<Row, 'ratio' | 'baseline' | 'baselineLabel' | 'budget' | 'pass'> & Partial<Pick<Row, 'ratio' | 'baseline' | 'baselineLabel' | 'budget' | 'pass'>>): void {
    const baseline = row.baseline ?? null
    const ratio = row.ratio !== undefined ? row.ratio : row.value !== null && baseline !== null && baseline > 0 ? row.value / baseline : null
    this.rows.push({ baselineLabel: '', budget: '', pass: null, ...row, baseline, ratio })
  }

  notMeasured(figure: string, measure: string, budget: string, reason: string): void {
    this.rows.push({ figure, measure, value: null, unit: '', baseline: null, baselineLabel: '', ratio: null, budget, pass: null, note: `not measured: ${reason}` })
  }
}

export interface Machine {
  nproc: number
  cpu: string
  memory: string
  chromium: string
  node: string
}

export function machine(chromiumVersion: string): Machine {
  const sh = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim()
    } catch {
      return null
    }
  }
  return {
    nproc: Number(sh('nproc', [])) || cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memory: sh('free', ['-h'])?.split('\n')[1]?.replace(/\s+/g, ' ') ?? `${round(totalmem() / 2 ** 30, 1)} GiB total, ${round(freemem() / 2 ** 30, 1)} GiB free`,
    chromium: chromiumVersion,
    node: process.version,
  }
}

export interface Results {
  ranAt: string
  machine: Machine
  /** The machine's 1-minute load average as each figure started: other work skews every figure. */
  loadAverageAtStart: Record<string, number>
  /** How long the whole run took, in seconds. */
  seconds?: number
  rows: Row[]
  /** Figures measured again alone (--only) since: when, on what, under what load. */
  rerun?: Record<string, { ranAt: string; machine: Machine; loadAverage: number }>
}

const byFigure = (a: Row, b: Row) => a.figure.localeCompare(b.figure, 'en', { numeric: true })

/**
 * Writes the run to `file`. A partial run (`figures` named) replaces only its figures' rows in
 * the last full table; the top-level machine, time and load averages stay those of the full run
 * the other rows came from, and each rerun figure records its own.
 */
export function saveResults(file: string, results: Results, partial: boolean): Results {
  let saved = { ...results, rows: [...results.rows].sort(byFigure) }
  if (partial && existsSync(file)) {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as Results
    const rerunFigures = new Set(results.rows.map((r) => r.figure))
    const rows = [...previous.rows.filter((r) => !rerunFigures.has(r.figure)), ...results.rows].sort(byFigure)
    const rerun = { ...previous.rerun, ...Object.fromEntries(Object.entries(results.loadAverageAtStart).map(([f, loadAverage]) => [f, { ranAt: results.ranAt, machine: results.machine, loadAverage }])) }
    saved = { ...previous, rerun, rows }
  }
  writeFileSync(file, JSON.stringify(saved, null, 2) + '\n')
  return saved
}

function cells(r: Row): string[] {
  return [
    r.figure,
    r.measure,
    r.value === null ? (r.note ?? '') : `${r.value} ${r.unit}`,
    r.baseline === null ? '' : `${r.baseline} ${r.unit} (${r.baselineLabel})`,
    r.ratio === null ? '' : `${round(r.ratio)}x`,
    r.budget,
    r.pass === null ? '' : r.pass ? 'ok' : 'FAILING',
  ]
}

const HEAD = ['Figure', 'Measure', 'Value', 'Baseline', 'Ratio', 'Budget', '']

export function printTable(rows: Row[]): void {
  const body = rows.map(cells)
  const widths = HEAD.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')
  console.info(line(HEAD))
  console.info(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const b of body) console.info(line(b))
  for (const r of rows.filter((x) => x.pass === false)) console.info(`FAILING: ${r.figure} — ${r.measure}: ${r.value} ${r.unit}, budget ${r.budget}`)
}

/** The rows as a Markdown table, a missed budget in bold. */
export function markdownTable(rows: Row[]): string {
  const escape = (s: string) => s.replaceAll('|', '\\|')
  const lines = [`| ${HEAD.join(' | ')} |`, `| ${HEAD.map(() => '---').join(' | ')} |`]
  for (const r of rows) {
    const c = cells(r).map(escape)
    if (r.pass === false) c[6] = '**FAILING**'
    lines.push(`| ${c.join(' | ')} |`)
  }
  return lines.join('\n')
}

/** What heads the table in the docs: when, on what, under what load. */
export function runSummary(results: Results): string {
  const m = results.machine
  const loads = Object.entries(results.loadAverageAtStart)
    .map(([figure, load]) => `${figure} ${load}`)
    .join(', ')
  const took = results.seconds ? `, ${Math.round(results.seconds / 60)} minutes in all` : ''
  return (
    `One full run (\`npm run bench\`) at ${results.ranAt.slice(0, 16)}Z${took}: ${m.nproc} cores (${m.cpu}), \`free -h\`: \`${m.memory}\`, ` +
    `Chromium ${m.chromium} (headless), Node ${m.node}. The 1-minute load average as each figure started (the bench's own processes count in it): ${loads}.`
  )
}

const BEGIN = '<!-- bench:begin (written by `npm run bench`; edit the words around it, not this table) -->'
const END = '<!-- bench:end -->'

/**
 * Replaces what stands between the bench markers in `file` with the run's summary and table.
 * Answers false when the file has no markers (nothing is written then).
 */
export function writeTableInto(file: string, results: Results): boolean {
  const text = readFileSync(file, 'utf8')
  const from = text.indexOf(BEGIN)
  const to = text.indexOf(END)
  if (from === -1 || to < from) return false
  const block = `${BEGIN}\n${runSummary(results)}\n\n${markdownTable(results.rows)}\n${END}`
  writeFileSync(file, text.slice(0, from) + block + text.slice(to + END.length))
  return true
}

export function docsFiles(root: string): string[] {
  return [join(root, 'README.md'), join(root, 'docs/benchmarks.md')]
}
