// Writes an export of drafts and revisions (renderer/src/data/archive.ts builds the files) into a
// new folder inside the one the user picked. Nothing that exists is ever overwritten: the new
// folder is created exclusively (a taken name gets " (2)", " (3)"…), and each file is written
// with the exclusive flag. The names were checked at the boundary (ExportFile in the contract:
// plain file names, no separators); they are checked again here, as this is where they touch
// the disk. A failure carries its English (for the log) and, for the screens, a message of the
// renderer's catalogs with plain arguments (the path, the file, why as a kind and the system's
// error code), so the renderer says it in the app's language (fileProblems.*).
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { isPlainFileName } from '../common/file-names'
import type { IpcErrorData } from '../common/ipc-contract'
import { refusalInEnglish, writeRefusal } from './write-refusal'

export interface ExportedFolder {
  folder: string
  files: number
}

export class ExportFolderError extends Error {
  constructor(message: string, readonly words: NonNullable<IpcErrorData['words']>) {
    super(message)
    this.name = 'ExportFolderError'
  }
}

const MAX_NAME_TRIES = 100

/** Creates `<parent>/<name>`, or `<name> (2)`… when taken; returns the path made. */
async function createFreshFolder(parent: string, name: string): Promise<string> {
  for (let n = 1; n <= MAX_NAME_TRIES; n++) {
    const path = join(parent, n === 1 ? name : `${name} (${n})`)
    try {
      await mkdir(path)
      return path
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  throw new ExportFolderError(`The folder already holds ${MAX_NAME_TRIES} exports named “${name}”. Choose another folder.`, { key: 'fileProblems.tooManyExports', params: { n: MAX_NAME_TRIES, name } })
}

/** `file` is the file that failed, or '' when the folder itself could not be made. */
function notWritten(path: string, file: string, error: unknown): ExportFolderError {
  const refusal = writeRefusal(error)
  const what = file === '' ? 'The export' : file
  return new ExportFolderError(`${what} could not be written to ${path}: ${refusalInEnglish(refusal)}. Your work is still in Storedesk.`, {
    key: 'fileProblems.exportNotWritten',
    params: { file: file === '' ? 'none' : file, path, ...refusal },
  })
}

export async function writeExportFolder(parent: string, folderName: string, files: readonly { name: string; content: string }[]): Promise<ExportedFolder> {
  const names = [folderName, ...files.map((file) => file.name)]
  if (!names.every((name) => isPlainFileName(name) && basename(name) === name)) throw new ExportFolderError('The export holds a file name that cannot be used. Nothing was written.', { key: 'fileProblems.badName' })
  let folder: string
  try {
    folder = await createFreshFolder(parent, folderName)
  } catch (error) {
    if (error instanceof ExportFolderError) throw error
    throw notWritten(parent, '', error)
  }
  for (const file of files) {
    try {
      await writeFile(join(folder, file.name), file.content, { encoding: 'utf8', flag: 'wx' })
    } catch (error) {
      throw notWritten(folder, file.name, error)
    }
  }
  return { folder, files: files.length }
}
