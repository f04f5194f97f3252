// Whether the post on screen differs from the versions the editor measures it against: the
// version it started from (loaded, or last published), the last revision kept, and the last
// draft written to this device. Each is kept as one serialised copy and compared as text, so
// editing a field and typing it back counts as no change.
import type { DraftFields } from '../blog-draft'

export interface DraftBaseline {
  /** The version the writer started from: the store's copy as loaded, or as last published. */
  startFrom(fields: DraftFields): void
  /** The writer changed something since the start (an edit undone by hand is no change). */
  changed(fields: DraftFields): boolean
  /** The version last kept as a revision. */
  keptAsRevision(fields: DraftFields): void
  /** Worth a timed revision: changed since the start and since the last revision. */
  worthRevision(fields: DraftFields): boolean
  /**
   * Whether the fields are worth writing as the draft: new since the draft last written with this
   * base and, while no draft is on the device, since the start. If so, `written` records them
   * once the write is done.
   */
  toSave(fields: DraftFields, baseUpdatedAt: string | null, draftOnDevice: boolean): { written: () => void } | null
  /** No draft written yet for this version: the next save writes whatever is new. */
  forgetSaved(): void
}

export function draftBaseline(): DraftBaseline {
  let start = ''
  let revision = ''
  let saved = ''
  // A long post is serialised once per question; the base is kept beside the fields, not inside.
  const print = (fields: DraftFields) => JSON.stringify(fields)
  return {
    startFrom: (fields) => { start = print(fields) },
    changed: (fields) => print(fields) !== start,
    keptAsRevision: (fields) => { revision = print(fields) },
    worthRevision(fields) {
      const now = print(fields)
      return now !== revision && now !== start
    },
    toSave(fields, baseUpdatedAt, draftOnDevice) {
      const now = print(fields)
      const withBase = `${baseUpdatedAt}\n${now}`
      if ((now === start && !draftOnDevice) || withBase === saved) return null
      return { written: () => { saved = withBase } }
    },
    forgetSaved: () => { saved = '' },
  }
}
