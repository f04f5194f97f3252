// What other features use of the sync feature: the words for a write and for its state, the same
// on every screen (write-words.ts, write-state.ts).
export { writeWords } from './write-words'
export { changeOnSyncPage, checkingWords, goToWords, rowWait, waitingForWords, type RowWait } from './write-state'
