// Writes an export of drafts and revisions (renderer/src/data/archive.ts builds the files) into a
// new folder inside the one the user picked. Nothing that exists is ever overwritten: the new
// folder is created exclusively (a taken name gets " (2)", " (3)"…), and each file is written
// with the exclusive flag. The names were checked at the boundary (ExportFile in the contract:
// plain file names, no separators); they are checked again here, as this is where they touch
// the disk.
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { isPlainFileName } from '../common/file-names'

export interface ExportedFolder {
  folder: string
  files: number
}

export class ExportFolderError extends Error {}

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
  throw new ExportFolderError(`The folder already holds ${MAX_NAME_TRIES} exports named “${name}”. Choose another folder.`)
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'Storedesk may not write there'
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full'
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'the folder is no longer there'
  return 'the system refused'
}

export async function writeExportFolder(parent: string, folderName: string, files: readonly { name: string; content: string }[]): Promise<ExportedFolder> {
  const names = [folderName, ...files.map((file) => file.name)]
  if (!names.every((name) => isPlainFileName(name) && basename(name) === name)) throw new ExportFolderError('The export holds a file name that cannot be used. Nothing was written.')
  let folder: string
  try {
    folder = await createFreshFolder(parent, folderName)
  } catch (error) {
    if (error instanceof ExportFolderError) throw error
    throw new ExportFolderError(`The export could not be written to ${parent}: ${describeFsError(error)}. Your work is still in Storedesk.`)
  }
  for (const file of files) {
    try {
      await writeFile(join(folder, file.name), file.content, { encoding: 'utf8', flag: 'wx' })
    } catch (error) {
      throw new ExportFolderError(`${file.name} could not be written to ${folder}: ${describeFsError(error)}. Your work is still in Storedesk.`)
    }
  }
  return { folder, files: files.length }
}
