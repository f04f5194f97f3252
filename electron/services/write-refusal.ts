// Why the system refused to write a file the user asked for (an export, a PDF), as the screens
// tell it apart: the kind (no permission, disk full, folder gone, anything else) and the
// system's own error code (EACCES…), sent to the renderer as plain arguments of a catalog
// message (fileProblems.*), with the English for the log.

/** Why the system refused a write, as the screens tell it apart; `code` is the system's own (EACCES…). */
export type WriteRefusal = { reason: 'denied' | 'full' | 'gone' | 'other'; code: string }

export function writeRefusal(error: unknown): WriteRefusal {
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown')
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return { reason: 'denied', code }
  if (code === 'ENOSPC' || code === 'EDQUOT') return { reason: 'full', code }
  if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'gone', code }
  return { reason: 'other', code }
}

/** The English of a refusal, for the log and the message every failure carries. */
export function refusalInEnglish({ reason, code }: WriteRefusal): string {
  if (reason === 'denied') return 'Storedesk may not write there'
  if (reason === 'full') return 'the disk is full'
  if (reason === 'gone') return 'the folder is no longer there'
  return `the system refused (${code})`
}
