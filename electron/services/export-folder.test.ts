// @vitest-environment node
// Writing an export into a new folder: every file there as sent, a second export beside the
// first rather than over it, and names that would leave the folder refused before anything is written.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeExportFolder } from './export-folder'
import { writeRefusal } from './write-refusal'

let parent: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'storedesk-export-'))
})
afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})

const FILES = [
  { name: 'index.html', content: '<h1>Posts</h1>' },
  { name: 'spring-sale.html', content: '<h1>Spring sale</h1>' },
  { name: 'revisions.json', content: '{"revisions":[]}' },
]

describe('writeExportFolder', () => {
  it('writes every file into a new folder named as asked', async () => {
    const result = await writeExportFolder(parent, 'Storedesk Demo store 2026-12-01', FILES)
    expect(result).toEqual({ folder: join(parent, 'Storedesk Demo store 2026-12-01'), files: 3 })
    expect((await readdir(result.folder)).sort()).toEqual(['index.html', 'revisions.json', 'spring-sale.html'])
    expect(await readFile(join(result.folder, 'spring-sale.html'), 'utf8')).toBe('<h1>Spring sale</h1>')
  })

  it('never writes into an existing folder: a second export goes beside it', async () => {
    await mkdir(join(parent, 'Export'))
    await writeFile(join(parent, 'Export', 'index.html'), 'mine')
    const second = await writeExportFolder(parent, 'Export', FILES)
    const third = await writeExportFolder(parent, 'Export', FILES)
    expect([second.folder, third.folder]).toEqual([join(parent, 'Export (2)'), join(parent, 'Export (3)')])
    expect(await readFile(join(parent, 'Export', 'index.html'), 'utf8')).toBe('mine')
  })

  it('refuses names with separators or dot-dot, writing nothing', async () => {
    await expect(writeExportFolder(parent, 'Export', [{ name: '../escape.html', content: 'x' }])).rejects.toThrow('a file name that cannot be used')
    await expect(writeExportFolder(parent, '..', FILES)).rejects.toThrow('a file name that cannot be used')
    await expect(writeExportFolder(parent, 'a/b', FILES)).rejects.toThrow('a file name that cannot be used')
    expect(await readdir(parent)).toEqual([])
  })

  it('refuses Windows device names (con, nul, com1…) with any extension and in any case, writing nothing', async () => {
    for (const name of ['con.html', 'CON', 'nul.html', 'Nul.tar.gz', 'aux.json', 'prn .html', 'com1.html', 'COM9', 'lpt1.txt', 'Lpt9.html', 'conin$.html', 'CONOUT$']) {
      await expect(writeExportFolder(parent, 'Export', [{ name, content: 'x' }]), name).rejects.toThrow('a file name that cannot be used')
      await expect(writeExportFolder(parent, name, FILES), name).rejects.toThrow('a file name that cannot be used')
    }
    expect(await readdir(parent)).toEqual([])
    // Names that only start like a device are plain names.
    const plain = await writeExportFolder(parent, 'Export', [{ name: 'console.html', content: 'x' }, { name: 'con-post.html', content: 'x' }, { name: 'com10.html', content: 'x' }, { name: 'nullable.json', content: 'x' }])
    expect((await readdir(plain.folder)).sort()).toEqual(['com10.html', 'con-post.html', 'console.html', 'nullable.json'])
  })

  it('says in words when the folder cannot be written, and what is left', async () => {
    // A file where the folder was: the same answer a removed folder gets (chmod would not stop root).
    const gone = join(parent, 'gone')
    await writeFile(gone, '')
    const refused = writeExportFolder(gone, 'Export', FILES)
    await expect(refused).rejects.toThrow(`The export could not be written to ${gone}: the folder is no longer there. Your work is still in Storedesk.`)
    // The screens' words: a catalog message with the path and the system's code, no English.
    await expect(refused).rejects.toMatchObject({ words: { key: 'fileProblems.exportNotWritten', params: { file: 'none', path: gone, reason: 'gone', code: 'ENOTDIR' } } })
  })

  it('names the file that could not be written, and a refused name by a message of its own', async () => {
    const taken = await writeExportFolder(parent, 'Export', FILES)
    await rm(taken.folder, { recursive: true })
    await expect(writeExportFolder(parent, 'Export', [{ name: 'a.html', content: 'x' }, { name: 'a.html', content: 'y' }])).rejects.toMatchObject({
      message: `a.html could not be written to ${join(parent, 'Export')}: the system refused (EEXIST). Your work is still in Storedesk.`,
      words: { key: 'fileProblems.exportNotWritten', params: { file: 'a.html', path: join(parent, 'Export'), reason: 'other', code: 'EEXIST' } },
    })
    await expect(writeExportFolder(parent, '..', FILES)).rejects.toMatchObject({ words: { key: 'fileProblems.badName' } })
  })
})

describe('writeRefusal', () => {
  it('tells the kinds of refusal apart and keeps the system’s code', () => {
    const refusal = (code?: string) => writeRefusal(Object.assign(new Error('x'), code ? { code } : {}))
    expect(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOENT', 'ENOTDIR', 'EIO'].map((code) => refusal(code).reason)).toEqual(['denied', 'denied', 'denied', 'full', 'full', 'gone', 'gone', 'other'])
    expect(refusal()).toEqual({ reason: 'other', code: 'unknown' })
  })
})
