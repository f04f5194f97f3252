import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { markdownTable, percentile, Report, saveResults, writeTableInto, type Results } from './report'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'))
  dirs.push(dir)
  return dir
}

const machine = { nproc: 2, cpu: 'AMD EPYC', memory: 'Mem: 23Gi', chromium: '150', node: 'v22' }

function run(rows: Report['rows'], ranAt = '2026-11-27T10:00:00.000Z'): Results {
  return { ranAt, machine, loadAverageAtStart: Object.fromEntries(rows.map((r) => [r.figure, 0.5])), seconds: 1200, rows }
}

describe('the report', () => {
  it('works out each ratio and keeps a row that could not be measured', () => {
    const report = new Report()
    report.add({ figure: '1 first sync', measure: 'time', value: 3, unit: 's', baseline: 2, baselineLabel: 'minimal', budget: '≤ 1.15x', pass: false })
    report.add({ figure: '1 first sync', measure: 'throughput', value: 10, unit: 'orders/s' })
    report.notMeasured('2 search', 'queries', '< 30 ms', 'the page crashed')
    expect(report.rows.map((r) => r.ratio)).toEqual([1.5, null, null])
    expect(report.rows[2]).toMatchObject({ value: null, note: 'not measured: the page crashed' })
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5)
  })

  it('writes the table as Markdown, a missed budget in bold and pipes escaped', () => {
    const report = new Report()
    report.add({ figure: '5 cold start', measure: 'JS | gzip', value: 230, unit: 'KB', baseline: 900, baselineLabel: 'plain', budget: '≤ 220 KB', pass: false })
    const table = markdownTable(report.rows)
    expect(table.split('\n')[2]).toBe('| 5 cold start | JS \\| gzip | 230 KB | 900 KB (plain) | 0.26x | ≤ 220 KB | **FAILING** |')
  })

  it('replaces only the text between the bench markers of a doc, and leaves a doc without them alone', () => {
    const dir = tempDir()
    const doc = join(dir, 'doc.md')
    const begin = '<!-- bench:begin (written by `npm run bench`; edit the words around it, not this table) -->'
    writeFileSync(doc, `# Title\n\nWords before.\n\n${begin}\nold table\n<!-- bench:end -->\n\nWords after.\n`)
    const report = new Report()
    report.add({ figure: '6 demo store', measure: 'page p95', value: 20, unit: 'ms', budget: '< 50 ms', pass: true })
    expect(writeTableInto(doc, run(report.rows))).toBe(true)
    const text = readFileSync(doc, 'utf8')
    expect(text).toContain('Words before.')
    expect(text).toContain('Words after.')
    expect(text).not.toContain('old table')
    expect(text).toContain('| 6 demo store | page p95 | 20 ms |')
    expect(text).toContain('2026-11-27T10:00Z, 20 minutes in all')
    const plain = join(dir, 'plain.md')
    writeFileSync(plain, '# No markers\n')
    expect(writeTableInto(plain, run(report.rows))).toBe(false)
    expect(readFileSync(plain, 'utf8')).toBe('# No markers\n')
  })

  it('a partial run replaces only its figures in the saved results, recording when they ran again', () => {
    const file = join(tempDir(), 'results.json')
    const full = new Report()
    full.add({ figure: '1 first sync', measure: 'time', value: 3, unit: 's' })
    full.add({ figure: '2 search', measure: 'p95', value: 9, unit: 'ms' })
    saveResults(file, run(full.rows), false)
    const again = new Report()
    again.add({ figure: '2 search', measure: 'p95', value: 7, unit: 'ms' })
    const saved = saveResults(file, run(again.rows, '2026-11-27T12:00:00.000Z'), true)
    expect(saved.rows.map((r) => [r.figure, r.value])).toEqual([['1 first sync', 3], ['2 search', 7]])
    expect(saved.ranAt).toBe('2026-11-27T10:00:00.000Z')
    expect(saved.rerun?.['2 search']?.ranAt).toBe('2026-11-27T12:00:00.000Z')
  })
})
