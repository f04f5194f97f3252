// What a write is, as data: the label each kind's handler gives it (writes/, `describe`), kept
// with its outbox entry, its conflict and its history, and put into words by the screens that
// show it (ui/write-words.ts: the Sync page, the order's timeline, the undo bar, notices). No
// sentence is made here, so a screen never has to take another's words apart and every word can
// be translated where it is shown.

/** The things writes change, as a label names them. */
export type LabelNoun = 'order' | 'post' | 'collection' | 'metaField' | 'metaFieldValue'

/**
 * What a write does to its target: make it, change some of its fields, delete it, act on many
 * at once (a batch: `values.operation` says which), give an order its tracking number, or its
 * shipping address, its tags (`values.add`, `values.remove`: comma-separated) or its internal
 * note (`values.cleared` when the note is removed), set a value.
 */
export type LabelAction = 'create' | 'update' | 'delete' | 'batch' | 'track' | 'address' | 'tags' | 'note' | 'set'

export interface WriteLabel {
  /** The write's kind (writes/contract.ts). */
  kind: string
  action: LabelAction
  /**
   * What it changes: the noun, and the name people know it by (an order's number, a post's
   * title) where known; a batch counts the things it acts on (`count`), or acts on all that
   * match (`all`).
   */
  target: { noun: LabelNoun; name?: string; count?: number; all?: boolean }
  /** The fields an update changes (the store's names), where it changes some of a record's. */
  fields?: string[]
  /**
   * The values a person reads in its label: a tracking number (`trackno`), the one it replaces
   * (`replaces`), the closed state the operator overrode (`override`), a batch's `operation`,
   * the record a value is set on (`resource`, `resourceId`).
   */
  values?: Record<string, string>
}

/**
 * A label as stored: structured, or the words an earlier version stored before labels were
 * structured (shown as they are).
 */
export type StoredLabel = WriteLabel | string
