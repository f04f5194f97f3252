// The renderer's type scope has no Node: a renderer file naming `process`, `Buffer`, `require`
// or `__dirname` fails to type-check, whatever a library's types reference (papaparse's pulled
// @types/node in until renderer/types/papaparse.d.ts stood in for them). Checked with the
// TypeScript compiler on tsconfig.renderer.json's own options and files plus a seeded file; the
// lint rule on Node's globals (lint-rules.test.ts) is the second lock.
import { resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SEEDED = resolve('renderer/src/features/orders/seeded-node-globals.ts')
const CODE = [
  'export const home = process.env.HOME',
  "export const bytes = Buffer.from('x')",
  "export const fs = require('fs')",
  'export const here = __dirname',
].join('\n')

/** The seeded file's diagnostics, type-checked in the scope `tsconfig` describes (its files too, when `withFiles`). */
function check(tsconfig: string, withFiles: boolean) {
  const { config } = ts.readConfigFile(resolve(tsconfig), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd())
  const host = ts.createCompilerHost(parsed.options)
  const { fileExists, readFile } = host
  host.fileExists = (file) => resolve(file) === SEEDED || fileExists(file)
  host.readFile = (file) => (resolve(file) === SEEDED ? CODE : readFile(file))
  const program = ts.createProgram({ rootNames: [...(withFiles ? parsed.fileNames : []), SEEDED], options: parsed.options, host })
  const errors = program.getSemanticDiagnostics(program.getSourceFile(SEEDED)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  const nodeTypes = program.getSourceFiles().filter((file) => file.fileName.includes('/@types/node/'))
  return { errors, nodeTypes }
}

describe('the renderer type scope', () => {
  it('has no Node: its globals do not type-check there', () => {
    const { errors, nodeTypes } = check('tsconfig.renderer.json', true)
    expect(nodeTypes.map((file) => file.fileName)).toEqual([])
    for (const name of ['process', 'Buffer', 'require', '__dirname']) {
      expect(errors.some((message) => message.startsWith(`Cannot find name '${name}'`)), `${name}: ${errors.join(' | ')}`).toBe(true)
    }
  }, 120_000)

  it('is what refuses them: the same file type-checks where Node exists', () => {
    expect(check('tsconfig.node.json', false).errors).toEqual([])
  }, 60_000)
})
