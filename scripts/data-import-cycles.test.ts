// The cache's database (data/db.ts) and the write contract import nothing that imports them
// back: the row types live in data/records.ts and row keys in data/row-key.ts, which both
// import, so db.ts never reaches writes/ and writes/contract.ts never reaches the database.
// Checked on the modules' own import lists (TypeScript's pre-processor, type imports too).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const DATA = resolve('renderer/src/data')

/** Every non-test module of data/, with the data/ modules it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(DATA, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const path = join(DATA, file)
    const imported = ts.preProcessFile(readFileSync(path, 'utf8'), true, true).importedFiles.map((i) => i.fileName)
    const targets = imported.flatMap((spec) => {
      const base = spec.startsWith('@/data') ? join(DATA, spec.slice('@/data'.length)) : spec.startsWith('.') ? resolve(dirname(path), spec) : null
      const found = base && [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate))
      return found ? [relative(DATA, found)] : []
    })
    graph.set(file, targets)
  }
  return graph
}

/** The modules `from` reaches through its imports. */
function reach(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>()
  const next = [...(graph.get(from) ?? [])]
  while (next.length > 0) {
    const file = next.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    next.push(...(graph.get(file) ?? []))
  }
  return seen
}

describe('the data layer import graph', () => {
  const graph = importGraph()

  it('reads every module it checks', () => {
    for (const file of ['db.ts', 'records.ts', 'row-key.ts', 'writes/contract.ts', 'writes/handler.ts', 'writes/index.ts']) expect(graph.has(file), file).toBe(true)
    expect(graph.get('writes/handler.ts')).toContain('db.ts')
  })

  it('has no circle through the database, the row types or the write contract', () => {
    for (const file of ['db.ts', 'records.ts', 'row-key.ts', 'writes/contract.ts']) expect(reach(graph, file).has(file), file).toBe(false)
  })

  it('keeps the database clear of the write handlers', () => {
    const fromDb = [...reach(graph, 'db.ts')]
    expect(fromDb.filter((file) => file.startsWith('writes/') && file !== 'writes/contract.ts')).toEqual([])
  })
})
