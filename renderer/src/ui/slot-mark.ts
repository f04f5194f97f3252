// The argument value that marks where MessageWithSlot.vue puts its control in a sentence.
export const SLOT_MARK = '\u2063slot\u2063'
